import type { AppImport, StubAdapter, StubModuleFormat, StubRunner } from '../types.js'
import type { RequestModel } from './request-model.js'
import type { PickedValue } from './values.js'

/** One test of a stub file: one (status, content type) tuple of the operation. */
export interface TestCaseModel {
  readonly title: string
  readonly statusKey: string
  readonly status: number
  /** Declared media-type key, `'*'` for no content. */
  readonly contentType: string
  /** The concrete media type the response is expected in (a range key resolved), undefined for no content. */
  readonly concreteType: string | undefined
  /** Comment lines placed next to the status assertion (why this status, skip patterns). */
  readonly statusComments: readonly string[]
  /** `TODO` lines about the response (schemas the validator cannot evaluate, ...). */
  readonly todos: readonly string[]
  /** The `plain` adapter's hand-built response: body and required headers. */
  readonly exchange: {
    readonly body: PickedValue | undefined
    readonly isJson: boolean
    readonly headers: readonly (readonly [string, string])[]
  }
}

export interface FileModel {
  readonly endpoint: string
  readonly method: string
  /** The concrete request path (with required query parameters) the `plain` exchange names. */
  readonly path: string
  /** The same path with path parameters no example names, for 404 tests. */
  readonly missingPath: string
  readonly operationId: string | undefined
  readonly specName: string
  readonly adapter: StubAdapter
  readonly runner: StubRunner
  readonly moduleFormat: StubModuleFormat
  readonly appImport: AppImport
  /** Undefined for `plain`. */
  readonly request: RequestModel | undefined
  readonly cases: readonly TestCaseModel[]
}
