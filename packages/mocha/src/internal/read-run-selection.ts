import { createRequire } from 'node:module'
import { join } from 'node:path'

/** The options of a mocha run that this binding reads (`loadOptions()` of mocha's CLI: flags and `.mocharc.*`). */
export interface MochaRunOptions {
  readonly grep?: string | RegExp | undefined
  readonly fgrep?: string | undefined
  readonly invert?: boolean | undefined
  readonly watch?: boolean | undefined
}

/**
 * Why a mocha run covers less than the suite, one reason per option: `--grep`, `--fgrep`, `--invert`,
 * `--watch` (given on the command line or in `.mocharc.*`), and `.only` in a serial run. File arguments do not
 * narrow a run: mocha adds them to the `spec` of `.mocharc.*`, and without one the files given are the suite.
 *
 * @example
 * partialReasons({ grep: 'pets' }, false) // ['--grep pets']
 */
export function partialReasons(options: MochaRunOptions, focused: boolean): string[] {
  const reasons: string[] = []
  if (options.grep !== undefined && String(options.grep) !== '')
    reasons.push(`--grep ${String(options.grep)}`)
  if (options.fgrep !== undefined && options.fgrep !== '') reasons.push(`--fgrep ${options.fgrep}`)
  if (options.invert === true) reasons.push('--invert')
  if (options.watch === true) reasons.push('--watch')
  if (focused) reasons.push('.only')
  return reasons
}

/**
 * The run's options as mocha itself reads them from `args` (the command line after `mocha`) and the
 * `.mocharc.*` / `package.json` of `cwd`, through the CLI module of the mocha installed there (`lib/cli/options`:
 * `.cjs` from mocha 12, `.js` before).
 */
export function loadMochaOptions(cwd: string, args: readonly string[]): MochaRunOptions {
  const require = createRequire(join(cwd, 'package.json'))
  for (const path of ['mocha/lib/cli/options.cjs', 'mocha/lib/cli/options.js']) {
    let loaded: { loadOptions?: (argv: string[]) => MochaRunOptions } | undefined
    try {
      loaded = require(path)
    } catch {
      continue
    }
    if (typeof loaded?.loadOptions === 'function') return loaded.loadOptions([...args])
  }
  return readFlags(args)
}

/** The narrowing flags of the command line, for a mocha whose CLI module is not where it used to be. */
function readFlags(args: readonly string[]): MochaRunOptions {
  const value = (names: readonly string[]) => {
    const at = args.findIndex((arg) => names.includes(arg.split('=')[0] ?? ''))
    if (at === -1) return undefined
    const arg = args[at] ?? ''
    return arg.includes('=') ? arg.slice(arg.indexOf('=') + 1) : (args[at + 1] ?? '')
  }
  return {
    grep: value(['--grep', '-g']),
    fgrep: value(['--fgrep', '-f']),
    invert: args.includes('--invert') || args.includes('-i'),
    watch: args.includes('--watch') || args.includes('-w'),
  }
}
