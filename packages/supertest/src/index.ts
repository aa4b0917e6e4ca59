export { SKIP_HEADER } from '@contracttool/server-check'
export { dispatchWithSupertest } from './dispatch-with-supertest.js'
export { SupertestErrorCode } from './errors.js'
export { exchangeFromSupertest } from './exchange-from-supertest.js'
