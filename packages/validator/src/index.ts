export {
  type CommonValidationOptions,
  EXCHANGE,
  type Exchange,
  type RequestInput,
  type RequestValidationOptions,
  type ResponseInput,
  type ResponseValidationOptions,
  type ValidationOutcome,
  type ValidationResult,
  type Violation,
  type ViolationLocation,
} from './types.js'
