// Access to the peer tools, loaded exactly as their users get them.
import { createRequire } from 'node:module'

const require = createRequire(import.meta.url)
const fromJestOpenApi = createRequire(require.resolve('jest-openapi'))

/** jest-openapi's engine (the `openapi-validator` package it depends on): `makeApiSpec`, `makeResponse`. */
export function jestOpenApiEngine() {
  return fromJestOpenApi('openapi-validator')
}

/** jest-openapi's own path lookup (internal module of its engine): a linear scan with path-parser. */
export function jestOpenApiPathScan() {
  const engineRequire = createRequire(fromJestOpenApi.resolve('openapi-validator'))
  return engineRequire('./utils/common.utils.js').findOpenApiPathMatchingPossiblePathnames
}

export async function openApiBackendClass() {
  const mod = await import('openapi-backend')
  return mod.OpenAPIBackend ?? mod.default?.OpenAPIBackend ?? mod.default
}

export function openApiResponseValidatorClass() {
  const mod = require('openapi-response-validator')
  return mod.default ?? mod
}

export async function readmeParser() {
  return import('@readme/openapi-parser')
}

/** Installed versions, for the report. */
export function peerVersions() {
  const version = (name, req = require) => {
    try {
      return req(`${name}/package.json`).version
    } catch {
      return undefined
    }
  }
  return {
    'jest-openapi': version('jest-openapi'),
    'openapi-validator': version('openapi-validator', fromJestOpenApi),
    'openapi-response-validator': version('openapi-response-validator'),
    'openapi-backend': version('openapi-backend'),
    'express-openapi-validator': version('express-openapi-validator'),
    '@readme/openapi-parser': version('@readme/openapi-parser'),
    ajv: version('ajv'),
  }
}
