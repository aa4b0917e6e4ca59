import { describeArgument } from '@contracttool/kernel/internal'
import { ContractRunError, HarnessErrorCode } from './errors.js'

/** How a runner binding names its registration and its spec list, for the messages of its misuse errors. */
export interface BindingWords {
  /** What starts the run with this runner: `the contractTesting() plugin`. */
  readonly registration: string
  /** What the user does to register it: `add contractTesting({ specBasePath, specs }) to plugins in vitest.config.ts`. */
  readonly howToRegister: string
  /** Where the spec names are listed: `contractTesting({ specs })`. */
  readonly specsFrom: string
}

/** A misuse every runner binding can meet; `bindingError()` turns it into the error the binding throws. */
export type BindingMisuse =
  /** A check names a spec (or none) outside any run: it cannot look the spec up. */
  | { readonly kind: 'check-unregistered'; readonly checkName: string; readonly spec: string | undefined }
  /** `openApiSpec(name)` outside any run. */
  | { readonly kind: 'binding-unregistered'; readonly name: string }
  /** A part of the binding that only the registration may load (`what`) runs without it. */
  | { readonly kind: 'setup-unregistered'; readonly what: string }
  /** `openApiSpec()` given something that is not a non-empty string. */
  | { readonly kind: 'empty-name'; readonly got: unknown }
  /** `openApiSpec(name)` inside a test (named `test` when the runner says which). */
  | { readonly kind: 'inside-test'; readonly name: string; readonly test?: string }
  /** `openApiSpec(name)` where it binds no tests: outside `where`. */
  | { readonly kind: 'outside-file'; readonly name: string; readonly where: string }
  /** The run refused the spec `openApiSpec(name)` names (`cause`: not configured, did not load). */
  | { readonly kind: 'rejected'; readonly name: string; readonly cause: Error }

/**
 * The error of a runner binding's misuse: `CONTRACTTOOL_HARNESS_NOT_REGISTERED` for a binding used without its
 * registration, `CONTRACTTOOL_HARNESS_INVALID_BINDING` for an `openApiSpec` that binds nothing, with the
 * binding's own words in the message.
 *
 * @example
 * throw bindingError(words, { kind: 'empty-name', got: name })
 */
export function bindingError(words: BindingWords, misuse: BindingMisuse): ContractRunError {
  const invalid = (message: string, cause?: Error) =>
    new ContractRunError(
      HarnessErrorCode.InvalidBinding,
      message,
      cause === undefined ? undefined : { cause },
    )
  const unregistered = (message: string) => new ContractRunError(HarnessErrorCode.NotRegistered, message)
  switch (misuse.kind) {
    case 'check-unregistered':
      return unregistered(
        `${misuse.checkName}() needs ${words.registration} to look up ${misuse.spec === undefined ? 'the spec' : `spec '${misuse.spec}'`}: ` +
          `${words.howToRegister}, or pass a loaded spec: { spec: await loadSpec('<name>', { basePath }) }.`,
      )
    case 'binding-unregistered':
      return unregistered(
        `openApiSpec('${misuse.name}') needs ${words.registration}: ${words.howToRegister}.`,
      )
    case 'setup-unregistered':
      return unregistered(`${misuse.what} runs without ${words.registration}: ${words.howToRegister}.`)
    case 'empty-name':
      return invalid(
        `openApiSpec() needs a non-empty spec name, got ${describeArgument(misuse.got)}. Pass one of the names listed in ${words.specsFrom}.`,
      )
    case 'inside-test':
      return invalid(
        `openApiSpec('${misuse.name}') was called inside a test${misuse.test === undefined ? '' : ` ('${misuse.test}')`}. ` +
          `Call it at file or describe scope, or pass { spec: '${misuse.name}' } to the check.`,
      )
    case 'outside-file':
      return invalid(
        `openApiSpec('${misuse.name}') was called outside ${misuse.where}. Call it at file or describe scope.`,
      )
    case 'rejected':
      return invalid(`openApiSpec('${misuse.name}'): ${misuse.cause.message}`, misuse.cause)
  }
}
