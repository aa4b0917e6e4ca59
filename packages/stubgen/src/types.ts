/**
 * The test styles stubs can be written in.
 *
 * @example
 * STUB_ADAPTERS.includes(flag as StubAdapter)
 */
export const STUB_ADAPTERS = ['plain', 'supertest', 'fastify', 'fetch'] as const

/**
 * The test runners stubs can be written for.
 *
 * @example
 * STUB_RUNNERS.includes(flag as StubRunner)
 */
export const STUB_RUNNERS = ['vitest', 'jest', 'node-test', 'mocha', 'playwright'] as const

/** The runner a stub file is written for: its imports, its skipped tests and its assertions. */
export type StubRunner = (typeof STUB_RUNNERS)[number]

/**
 * The module format of a stub file, the one its runner loads in the project without extra flags: `ts`
 * (`.test.ts`, where the runner compiles TypeScript), `esm` (`.test.mjs`), `cjs` (`.test.cjs`).
 */
export type StubModuleFormat = 'ts' | 'esm' | 'cjs'

/**
 * How a generated test reaches the app: `plain` sends no request and asserts a hand-built exchange,
 * `supertest` uses `request(app)`, `fastify` uses `app.inject()`, `fetch` wraps the app (a fetch handler,
 * or an object with `fetch()` such as a Hono app) with `contractFetch`.
 */
export type StubAdapter = (typeof STUB_ADAPTERS)[number]

/**
 * Where a generated test imports the app from. `specifier` is the import path as written in the test
 * (relative to the output directory, `.ts` mapped to `.js`). `exportName` is `'default'` for the
 * default export; `isFactory` means the export is a function that returns (or resolves to) the app.
 */
export interface AppImport {
  readonly specifier: string
  readonly exportName: string
  readonly isFactory: boolean
}

/** One row of a coverage JSON document (`schema_version: 3`), as far as stubs read it. */
export interface CoverageResponseRow {
  readonly status_key: string
  readonly content_type_key: string
  readonly response_state: string
}

/** One endpoint of a coverage JSON document, as far as stubs read it. */
export interface CoverageEndpointRow {
  readonly endpoint: string
  readonly responses: readonly CoverageResponseRow[]
}

/** The parts of a coverage JSON document (`schema_version: 3`) that stubs read. */
export interface CoverageInput {
  readonly schema_version: number
  readonly specs: { readonly [specName: string]: { readonly endpoints: readonly CoverageEndpointRow[] } }
}

export interface PlanStubsOptions {
  /** Spec name written into the tests (`openApiSpec('<name>')`) and looked up under `specs` in `coverage`. */
  readonly specName: string
  readonly adapter: StubAdapter
  /** The runner the tests are written for. Default `vitest`. */
  readonly runner?: StubRunner | undefined
  /** Default: `ts` for Vitest and Playwright, `cjs` for Jest, `esm` for node:test and Mocha. */
  readonly moduleFormat?: StubModuleFormat | undefined
  /** Coverage JSON (`schema_version: 3`). Validated responses get no stub; without it the whole spec is stubbed. */
  readonly coverage?: CoverageInput | undefined
  /** Where tests import the app from. Unused by `plain`; defaults to the default export of `../../src/app.js`. */
  readonly appImport?: AppImport | undefined
  /** Mount path prepended to every request (`/api`); normalised by `normalizeRequestPrefix`. Rejected for `plain`. */
  readonly requestPrefix?: string | undefined
}

/** One (status, content type) tuple of an operation that a test was written for. */
export interface StubbedResponse {
  /** The response key as written in the spec (`'200'`, `'4XX'`, `'default'`). */
  readonly statusKey: string
  /** The status the test expects (a range or `default` is exercised as a representative status). */
  readonly status: number
  /** The media-type key as written in the spec, `'*'` for a response without content. */
  readonly contentType: string
}

/** A generated test file. */
export interface PlannedFile {
  /** File name relative to the output directory (`get-pets-pet-id.test.ts`). */
  readonly path: string
  readonly content: string
  /** `"METHOD path"` of the operation the file tests. */
  readonly endpoint: string
  readonly responses: readonly StubbedResponse[]
}

/** A response the generator reports instead of stubbing, with the reason. */
export interface UnstubbableResponse {
  readonly endpoint: string
  readonly statusKey: string
  /** `'*'` when the reason concerns the whole response or operation. */
  readonly contentType: string
  readonly reason: string
}

/** Everything `planStubs` decided: files to write, responses it could not stub, and notes for the user. */
export interface StubPlan {
  /** Ordered by `METHOD path`. */
  readonly files: readonly PlannedFile[]
  readonly unstubbable: readonly UnstubbableResponse[]
  /** Human-readable remarks (malformed response keys, ...), already deduplicated. */
  readonly notes: readonly string[]
  /** Number of (status, content type) tuples of tracked operations the coverage already validates. */
  readonly validatedCount: number
}
