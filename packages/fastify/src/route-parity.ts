import { currentRunRuntime } from '@contracttool/exchange/internal'
import { ContractToolError } from '@contracttool/kernel'
import { compareRoutes } from '@contracttool/matcher'
import type { RouteParity, RouteParityOptions } from '@contracttool/matcher/internal'
import type { LoadedSpec } from '@contracttool/spec-loader'
import type { FastifyInstance } from 'fastify'
import type { ContractValidationHandle } from './contract-validation.js'
import { FastifyErrorCode } from './errors.js'

/**
 * Compares the routes registered on a Fastify app (after the `contractValidation` plugin) with the
 * operations of a spec and returns both differences as data, so a test decides what to assert. Parameter
 * names do not matter (`/pets/:id` serves `/pets/{petId}`); HEAD, OPTIONS and TRACE are ignored.
 *
 * @example
 * await app.ready()
 * const parity = routeParity(app, spec)
 * expect(parity.missingRoutes).toEqual([])
 */
export function routeParity(
  app: FastifyInstance,
  spec: LoadedSpec | string,
  options: RouteParityOptions = {},
): RouteParity {
  const loaded = typeof spec === 'string' ? specByName(spec) : spec
  const handle = (app as { contractValidation?: ContractValidationHandle } | null)?.contractValidation
  if (handle === undefined) {
    throw new ContractToolError(
      FastifyErrorCode.NotRegistered,
      'routeParity() reads the routes the contractValidation plugin saw being registered: register it before your ' +
        'routes (await app.register(contractValidation, { spec })).',
    )
  }
  return compareRoutes(handle.routes(), loaded, options)
}

function specByName(name: string): LoadedSpec {
  const runtime = currentRunRuntime()
  if (runtime === undefined) {
    throw new ContractToolError(
      FastifyErrorCode.NoSpec,
      `routeParity(): spec '${name}' can only be looked up by name during a contract-testing run (Vitest's contractTesting(), Jest's withContractTesting(), node:test's register hook, createContractRun()); pass a spec returned by loadSpec() instead.`,
    )
  }
  return runtime.resolveSpec(name)
}
