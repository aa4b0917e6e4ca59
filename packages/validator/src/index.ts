// The validator takes a loaded spec: loading one comes with it, so a custom harness installs this package alone.
export { type LoadedSpec, loadSpec, loadSpecFile } from '@contracttool/spec-loader'
export { compileSchemaValidator } from './compile-schema-validator.js'
export { getResponseSchema } from './get-response-schema.js'
export { useSchemaCodeCache } from './internal/schema-code.js'
export { readEffectiveSecurity } from './read-effective-security.js'
export type {
  CustomFormats,
  EffectiveSecurity,
  Exchange,
  RequestInput,
  RequestValidationOptions,
  ResponseInput,
  ResponseValidationOptions,
  SchemaCode,
  ValidationOutcome,
  ValidationResult,
  Violation,
} from './types.js'
export { useFormats } from './use-formats.js'
export { validateRequest } from './validate-request.js'
export { validateResponse } from './validate-response.js'
export { validateWebhook } from './validate-webhook.js'
export { ValidatorErrorCode } from './validator-error-code.js'
