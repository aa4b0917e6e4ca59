// Unpacks the Chromium that @sparticuz/chromium carries (once per clone) and hands its path to the workers,
// which start after this runs and inherit the environment.
import { chromiumExecutable } from '../../../packages/coverage/src/chromium.test-kit.js'

export default async function globalSetup(): Promise<void> {
  process.env.CONTRACTTOOL_CHROMIUM ??= await chromiumExecutable()
}
