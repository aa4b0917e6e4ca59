export {
  type CheckMocksOptions,
  checkMocks,
  type MockChecks,
  type MockedResponseEvent,
  type MswLifeCycle,
} from './check-mocks.js'
export { MswCheckError, MswErrorCode } from './errors.js'
