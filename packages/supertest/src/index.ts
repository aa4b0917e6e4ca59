export { type DispatchCase, type DispatchResult, SKIP_HEADER } from '@contracttool/server-check'
export { dispatchWithSupertest, type SupertestApp } from './dispatch-with-supertest.js'
export { SupertestErrorCode } from './errors.js'
export { exchangeFromSupertest } from './exchange-from-supertest.js'
