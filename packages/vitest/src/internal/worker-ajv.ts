// Ajv for the worker code, built into `dist/worker-ajv.cjs` apart from it (see ajv-on-demand.ts).
export { Ajv } from 'ajv'
export { Ajv2020 } from 'ajv/dist/2020.js'
