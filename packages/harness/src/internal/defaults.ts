/** Statuses whose responses are skipped unless `skipResponseCodes` says otherwise. */
export const DEFAULT_SKIP_RESPONSE_CODES: readonly string[] = ['5\\d\\d']
/** Documented statuses that downgrade request violations unless `skipRequestValidationResponseCodes` says otherwise. */
export const DEFAULT_SKIP_REQUEST_CODES: readonly string[] = ['400', '422']
