// Unpacks the Chromium that @sparticuz/chromium carries (once per clone) and hands its path to the workers,
// which start after this runs and inherit the environment. A path already given is kept.
export default async function globalSetup(): Promise<void> {
  if (process.env.CONTRACTTOOL_CHROMIUM !== undefined) return
  const { chromiumExecutable } = await import('../../../packages/coverage/src/chromium.test-kit.js')
  process.env.CONTRACTTOOL_CHROMIUM = await chromiumExecutable()
}
