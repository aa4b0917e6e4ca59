import { ENFORCED_FORMATS, isObject } from '@contracttool/kernel'
import { describeArgument } from '@contracttool/kernel/internal'
import type { CustomFormats } from '@contracttool/validator'
import { ContractRunError, HarnessErrorCode, invalidOption } from './errors.js'

// The `formats` option: name → RegExp or function, as given, carried as JSON (`{ source, flags }`), or
// exported by a module that each runner loads where its checks run.

/**
 * The checkers of the `formats` module `file`, loaded by `load` the way its runner loads modules where the
 * checks run (Jest's `require`, Vitest's module runner): its default export, else its `formats` export,
 * checked as the option is. A module that does not load or export such an object is a `FATAL` naming it.
 *
 * @example
 * const formats = formatsOfModule(options.formatsModule, (file) => require(file))
 */
export function formatsOfModule(file: string, load: (file: string) => unknown): CustomFormats {
  let exports: unknown
  try {
    exports = load(file)
  } catch (error) {
    throw new ContractRunError(
      HarnessErrorCode.InvalidOption,
      `FATAL: [contracttool] option 'formats' names the module ${file}, which did not load: ${error instanceof Error ? error.message : String(error)}`,
      { cause: error },
    )
  }
  const namespace = (typeof exports === 'object' && exports !== null ? exports : {}) as Record<
    string,
    unknown
  >
  let value: unknown = namespace.default ?? namespace.formats
  // CommonJS through an ES import: `module.exports = { formats }` arrives as `default.formats`.
  if (isPlainObject(value) && isPlainObject(value.formats) && value.default === undefined)
    value = value.formats
  if (value === undefined) {
    throw new ContractRunError(
      HarnessErrorCode.InvalidOption,
      `FATAL: [contracttool] option 'formats' names the module ${file}, which has neither a default export nor a 'formats' export: write export default { 'repo.nwo': /^[\\w.-]+\\/[\\w.-]+$/, timestamp: (value) => … } in it.`,
    )
  }
  return checkFormats(value, 'formats', `the module ${file}`)
}

/**
 * `formatsOfModule()` for a runner that loads modules asynchronously: `importModule` gets the module's
 * absolute path (Vitest's module runner; `import()` of its `file:` URL).
 *
 * @example
 * const formats = await importFormatsModule(config.formatsModule, (file) => import(file))
 */
export async function importFormatsModule(
  file: string,
  importModule: (file: string) => Promise<unknown>,
): Promise<CustomFormats> {
  const imported = await importModule(file).then(
    (exports) => ({ exports }),
    (error: unknown) => ({ error }),
  )
  return formatsOfModule(file, () => {
    if ('error' in imported) throw imported.error
    return imported.exports
  })
}

/**
 * A `formats` object checked as the option is: each name a RegExp or a function (a RegExp carried as JSON,
 * `{ source, flags }`, is one again), none a format the validator already checks. `undefined` is none.
 */
export function checkFormats(value: unknown, option: string, source: string): CustomFormats {
  if (value === undefined) return {}
  if (!isPlainObject(value)) {
    throw invalidOption(
      option,
      source,
      `must be an object of format name → RegExp or function, such as { timestamp: /^\\d+$/ }, or the path of a module exporting one, got ${describeArgument(value)}.`,
    )
  }
  const out: Record<string, RegExp | ((value: string) => boolean)> = {}
  for (const [name, check] of Object.entries(value)) {
    const revived = reviveFormat(check)
    if (revived === undefined) {
      throw invalidOption(
        option,
        source,
        `'${name}' must be a RegExp or a function (value: string) => boolean, got ${describeArgument(check)}.`,
      )
    }
    if ((ENFORCED_FORMATS as readonly string[]).includes(name)) {
      throw invalidOption(
        option,
        source,
        `'${name}' is a format the validator already checks; it cannot be redefined.`,
      )
    }
    out[name] = revived
  }
  return out
}

function reviveFormat(check: unknown): RegExp | ((value: string) => boolean) | undefined {
  if (check instanceof RegExp || typeof check === 'function')
    return check as RegExp | ((value: string) => boolean)
  if (isPlainObject(check) && typeof check.source === 'string' && typeof check.flags === 'string') {
    try {
      return new RegExp(check.source, check.flags)
    } catch {
      return undefined
    }
  }
  return undefined
}

/**
 * `formats` as JSON can carry them to another process: each RegExp as `{ source, flags }` (which
 * `resolveOptions` reads back as a RegExp). A function cannot cross: it is a `ContractRunError` naming the
 * runner that would need it (`Vitest`, `Jest`).
 *
 * @example
 * publish({ ...options, formats: formatsAsData(options.formats, 'Jest') })
 */
export function formatsAsData(
  formats: CustomFormats,
  runner: string,
): Record<string, { readonly source: string; readonly flags: string }> {
  const out: Record<string, { source: string; flags: string }> = {}
  for (const [name, check] of Object.entries(formats)) {
    if (typeof check === 'function') {
      throw new ContractRunError(
        HarnessErrorCode.InvalidOption,
        `FATAL: [contracttool] option 'formats' '${name}' is a function, and ${runner} hands options to its test workers as JSON: give a RegExp (for example { '${name}': /^…$/ }), or put the formats in a module and give its path (formats: './test/formats.ts', whose default export is the object), which each worker loads.`,
      )
    }
    out[name] = { source: check.source, flags: check.flags }
  }
  return out
}

/** The formats `formatsAsData()` carried, as RegExps again (RegExps and functions are kept as they are). */
export function formatsFromData(data: unknown): CustomFormats {
  const out: Record<string, RegExp | ((value: string) => boolean)> = {}
  if (!isPlainObject(data)) return out
  for (const [name, check] of Object.entries(data)) {
    const revived = reviveFormat(check)
    if (revived !== undefined) out[name] = revived
  }
  return out
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return isObject(value) && !(value instanceof RegExp)
}
