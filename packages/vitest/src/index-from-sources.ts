/**
 * The package entry as this workspace's packages import it from their TypeScript sources (the
 * `@contracttool/source` export condition). Vitest transforms every module, so the worker bundle's entry the
 * checks run in is imported here and handed over (`worker.use()`), as `setup-from-sources.ts` does for the
 * setup file; built, the entry requires the bundle from beside itself. The built entry is `index.ts`, whose
 * exports these are (a test keeps the two lists equal).
 */
import { worker } from './internal/worker.js'
import * as workerCore from './internal/worker-core.js'

worker.use(workerCore)

export type {
  ConsoleOutputMode,
  ContractTestingOptions,
  OpenApiMatcherOptions,
  OpenApiRequestMatcherOptions,
  StrictAdditionalPropertiesMode,
  StrictAdditionalPropertiesPerCallMode,
  StrictRequiredMode,
  StrictRequiredPerCallMode,
} from './index.js'
export {
  assertRequestMatchesOpenApiSchema,
  assertResponseMatchesOpenApiSchema,
  ContractAssertionError,
  ContractTestingError,
  contractTesting,
  openApiSpec,
  VitestErrorCode,
} from './index.js'
