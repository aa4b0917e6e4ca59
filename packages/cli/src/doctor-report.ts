/** How bad an issue is: `error` breaks validation at run time, `warning` weakens it, `skipped` names a feature the validator does not enforce. */
export type DoctorSeverity = 'error' | 'warning' | 'skipped'

/** Where an issue comes from. */
export type DoctorCategory =
  | 'io'
  | 'parser'
  | 'version'
  | 'dialect'
  | 'references'
  | 'structure'
  | 'keyword'
  | 'feature'
  | 'configuration'
  | 'compatibility'
  | 'spec'
  | 'internal'

/** One finding of `contracttool doctor`. */
export interface DoctorIssue {
  readonly severity: DoctorSeverity
  readonly category: DoctorCategory
  /** The spec path as given on the command line. */
  readonly spec: string
  readonly message: string
  /** How to fix it, when there is a fix to suggest. */
  readonly suggestion: string | null
  /** JSON pointer of the node in the loaded (bundled) document, `#/paths/~1pets/get`, when the issue has a place. */
  readonly pointer: string | null
}

/** What the doctor learned about one spec. */
export interface DoctorSpecSummary {
  /** As given on the command line. */
  readonly path: string
  /** The name the runtime loader gives the spec (file name without extension). */
  readonly name: string
  /** The `openapi` string, or null when the spec did not load. */
  readonly openapi: string | null
  /** Dialect of schemas without `$schema`, or null when the spec did not load. */
  readonly dialect: string | null
  /** True when the runtime loader loaded the spec. */
  readonly loaded: boolean
  /** Tracked operations (GET, POST, PUT, PATCH, DELETE, QUERY and `additionalOperations`). */
  readonly operations: number
  /** Declared (status, content type) tuples of tracked operations. */
  readonly responses: number
  /** Who checked the document against the OpenAPI schema: `openapi-parser` (3.0, 3.1), `contracttool` (3.2), or null. */
  readonly structuralValidation: 'openapi-parser' | 'contracttool' | null
}

/** The whole doctor result; `--format=json` prints it as is. */
export interface DoctorReport {
  readonly schemaVersion: 1
  readonly tool: { readonly name: 'contracttool'; readonly version: string }
  /** `error` when any issue is an error, `warning` when any is a warning or skipped, else `ok`. */
  readonly status: 'ok' | 'warning' | 'error'
  readonly summary: {
    readonly specs: number
    readonly operations: number
    readonly responses: number
    readonly errors: number
    readonly warnings: number
    readonly skipped: number
  }
  readonly specs: readonly DoctorSpecSummary[]
  /** Ordered by spec (command-line order), then severity (error, warning, skipped), then discovery order. */
  readonly issues: readonly DoctorIssue[]
}
