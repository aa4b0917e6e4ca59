export { compileSchemaValidator } from './compile-schema-validator.js'
export { decodeBody, isJsonMediaType } from './decode-body.js'
export { getResponseSchema } from './get-response-schema.js'
export { useSchemaCodeCache } from './internal/schema-code.js'
export { readEffectiveSecurity } from './read-effective-security.js'
export {
  type CommonValidationOptions,
  type EffectiveSecurity,
  EXCHANGE,
  type Exchange,
  type RequestInput,
  type RequestValidationOptions,
  type ResponseInput,
  type ResponseValidationOptions,
  type SchemaCode,
  type SchemaCodeCache,
  type SchemaCodeValue,
  type SchemaContext,
  type SchemaValidator,
  type SecurityAlternative,
  type SecuritySchemeInfo,
  type ValidationOutcome,
  type ValidationResult,
  type Violation,
  type ViolationLocation,
  type WebhookInput,
  type WebhookValidationOptions,
} from './types.js'
export { validateRequest } from './validate-request.js'
export { validateResponse } from './validate-response.js'
export { validateWebhook } from './validate-webhook.js'
export { ValidatorErrorCode } from './validator-error-code.js'
