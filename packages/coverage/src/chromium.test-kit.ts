import { existsSync, mkdirSync, mkdtempSync, readFileSync, renameSync, rmSync } from 'node:fs'
import { createRequire } from 'node:module'
import { dirname, join } from 'node:path'
import Chromium from '@sparticuz/chromium'
import { type BrowserContext, chromium } from 'playwright-core'

const require = createRequire(import.meta.url)
// The package exports only its entry, `build/<format>/index.*`; its `bin/` holds the compressed browser.
const packageDir = join(dirname(require.resolve('@sparticuz/chromium')), '..', '..')
/** The version of `@sparticuz/chromium`, whose major is the Chromium major it ships. */
export const chromiumVersion = (
  JSON.parse(readFileSync(join(packageDir, 'package.json'), 'utf8')) as { version: string }
).version

/** Where the browser of the installed `@sparticuz/chromium` version is unpacked, once per clone. */
export const chromiumDir = join(
  dirname(require.resolve('../package.json')),
  'node_modules/.cache',
  `chromium-${chromiumVersion}`,
)

/**
 * The Chromium build shipped inside the `@sparticuz/chromium` tarball, unpacked on first use: the browser
 * comes from the package registry like every other dependency, never from the machine.
 */
export async function chromiumExecutable(): Promise<string> {
  const executable = join(chromiumDir, 'chromium')
  if (existsSync(executable)) return executable
  // The package unpacks into `os.tmpdir()` (its README) and reuses whatever it finds there: it unpacks into
  // a private directory here, renamed into place whole, so two runs never start a half-written binary.
  mkdirSync(dirname(chromiumDir), { recursive: true })
  const staging = mkdtempSync(`${chromiumDir}.tmp-`)
  const tmpdir = process.env.TMPDIR
  process.env.TMPDIR = staging
  let unpacking: Promise<string>
  try {
    // The call reads the directory before its first await.
    unpacking = Chromium.executablePath(join(packageDir, 'bin'))
  } finally {
    if (tmpdir === undefined) delete process.env.TMPDIR
    else process.env.TMPDIR = tmpdir
  }
  await unpacking
  try {
    renameSync(staging, chromiumDir)
  } catch (error) {
    // Another run renamed its copy first: use that one.
    rmSync(staging, { recursive: true, force: true })
    if (!existsSync(executable)) throw error
  }
  return executable
}

/** A headless browser with a fresh, empty profile under `workDir`, cut off from every network service. */
export async function launchChromium(workDir: string): Promise<BrowserContext> {
  return chromium.launchPersistentContext(mkdtempSync(join(workDir, 'profile-')), {
    executablePath: await chromiumExecutable(),
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
    viewport: { width: 1280, height: 900 },
  })
}
