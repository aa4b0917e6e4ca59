export { SKIP_HEADER } from '@contracttool/server-check'
export { type ContractFetch, contractFetch } from './contract-fetch.js'
export { dispatchWithFetch } from './dispatch-with-fetch.js'
export { FetchErrorCode } from './errors.js'
