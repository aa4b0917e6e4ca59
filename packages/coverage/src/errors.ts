import { type ErrorClass, errorClass } from '@contracttool/kernel/internal'

/**
 * Every code a `ContractToolError` thrown by `@contracttool/coverage` can carry. Each one is listed in the
 * package README (a test keeps the two in sync).
 */
export const CoverageErrorCode = {
  /** A coverage state payload (`toState()` output, sidecar `coverage` half) has the wrong shape. */
  InvalidState: 'CONTRACTTOOL_COVERAGE_INVALID_STATE',
  /** A coverage state payload carries a `version` other than 1. */
  UnsupportedStateVersion: 'CONTRACTTOOL_COVERAGE_UNSUPPORTED_STATE_VERSION',
  /** A report or sidecar could not be written (unwritable path, directory in the way, disk full). */
  WriteFailed: 'CONTRACTTOOL_COVERAGE_WRITE_FAILED',
  /** A coverage JSON file could not be read. */
  JsonUnreadable: 'CONTRACTTOOL_COVERAGE_JSON_UNREADABLE',
  /** A coverage JSON document is not valid JSON or does not have the schema_version 3 shape. */
  JsonMalformed: 'CONTRACTTOOL_COVERAGE_JSON_MALFORMED',
  /** A coverage JSON document carries a `schema_version` other than 3. */
  JsonUnsupportedVersion: 'CONTRACTTOOL_COVERAGE_JSON_UNSUPPORTED_VERSION',
  /** The coverage JSON document has no entry for the requested spec name. */
  JsonSpecMissing: 'CONTRACTTOOL_COVERAGE_JSON_SPEC_MISSING',
  /** The sidecar directory or a sidecar file is a symlink, not a regular file, or group/world-writable. */
  SidecarInsecure: 'CONTRACTTOOL_SIDECAR_INSECURE',
  /** The sidecar directory or a sidecar file cannot be read. */
  SidecarUnreadable: 'CONTRACTTOOL_SIDECAR_UNREADABLE',
  /** A sidecar file is empty. */
  SidecarEmpty: 'CONTRACTTOOL_SIDECAR_EMPTY',
  /** A sidecar file holds truncated or corrupt JSON. */
  SidecarCorrupt: 'CONTRACTTOOL_SIDECAR_CORRUPT',
  /** A sidecar payload has the wrong shape. */
  SidecarInvalid: 'CONTRACTTOOL_SIDECAR_INVALID',
  /** A sidecar envelope carries an `envelopeVersion` this version cannot read. */
  SidecarUnsupportedVersion: 'CONTRACTTOOL_SIDECAR_UNSUPPORTED_VERSION',
  /** A sidecar carries a strict_required state in the retired v1 format (`alwaysPresent` rows). */
  SidecarStrictRequiredV1: 'CONTRACTTOOL_SIDECAR_STRICT_REQUIRED_V1',
  /** Failure markers were found: at least one worker could not write its sidecar. */
  SidecarWorkerFailed: 'CONTRACTTOOL_SIDECAR_WORKER_FAILED',
  /** Another merge holds the lock of the sidecar directory. */
  SidecarLocked: 'CONTRACTTOOL_SIDECAR_LOCKED',
  /** A function of this package was called with an argument it cannot use. */
  InvalidArgument: 'CONTRACTTOOL_COVERAGE_INVALID_ARGUMENT',
} as const
export type CoverageErrorCode = (typeof CoverageErrorCode)[keyof typeof CoverageErrorCode]

/** Thrown for misuse and I/O failures of the coverage package. `code` is one of `CoverageErrorCode`. */
export const CoverageError: ErrorClass<CoverageErrorCode> = errorClass('CoverageError', 'coverage')
export type CoverageError = InstanceType<typeof CoverageError>
