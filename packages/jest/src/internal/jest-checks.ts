// Everything the setup file runs its checks with. Under `@contracttool/jest/environment` one copy of this is
// loaded per Jest worker process, outside the test files' module registries, and handed to each test file
// (`checks-slot.ts`); under any other environment each test file loads its own.
import {
  ContractRecorder,
  checkRequest,
  checkResponse,
  closeSpecCacheFiles,
  installRunContext,
  isCacheCurrent,
  matcherResult,
  readSpecCache,
  startHandover,
  useSchemaCodeFolder,
} from '@contracttool/harness/checks'
import { loadSpecSync } from '@contracttool/spec-loader'

export interface JestChecks {
  readonly ContractRecorder: typeof ContractRecorder
  readonly checkRequest: typeof checkRequest
  readonly checkResponse: typeof checkResponse
  readonly closeSpecCacheFiles: typeof closeSpecCacheFiles
  readonly installRunContext: typeof installRunContext
  readonly isCacheCurrent: typeof isCacheCurrent
  readonly loadSpecSync: typeof loadSpecSync
  readonly matcherResult: typeof matcherResult
  readonly readSpecCache: typeof readSpecCache
  readonly startHandover: typeof startHandover
  readonly useSchemaCodeFolder: typeof useSchemaCodeFolder
}

export const jestChecks: JestChecks = {
  ContractRecorder,
  checkRequest,
  checkResponse,
  closeSpecCacheFiles,
  installRunContext,
  isCacheCurrent,
  loadSpecSync,
  matcherResult,
  readSpecCache,
  startHandover,
  useSchemaCodeFolder,
}
