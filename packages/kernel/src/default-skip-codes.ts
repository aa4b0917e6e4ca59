/**
 * Status patterns (anchored regular expressions over the decimal status) whose responses are skipped
 * unless `skipResponseCodes` says otherwise.
 *
 * @example
 * DEFAULT_SKIP_RESPONSE_CODES // ['5\\d\\d']
 */
export const DEFAULT_SKIP_RESPONSE_CODES: readonly string[] = ['5\\d\\d']

/**
 * Documented statuses that turn request violations into a skip unless
 * `skipRequestValidationResponseCodes` says otherwise.
 *
 * @example
 * DEFAULT_SKIP_REQUEST_CODES // ['400', '422']
 */
export const DEFAULT_SKIP_REQUEST_CODES: readonly string[] = ['400', '422']
