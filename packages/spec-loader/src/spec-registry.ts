import { ContractToolError } from '@contracttool/kernel'
import { echoValue } from '@contracttool/kernel/internal'
import { SpecErrorCode } from './errors.js'
import { checkBasePath } from './internal/locate-spec.js'
import { toRemoteSettings } from './internal/remote-settings.js'
import type { LoadSpecOptions, RemoteRefOptions } from './load-options.js'
import { loadSpec, loadSpecSync } from './load-spec.js'
import type { LoadedSpec } from './types.js'

/**
 * A cache of loaded specs for one base path. The test-run integration creates one and passes it
 * around; nothing is cached at module level, so Vitest workers and isolated files never share stale
 * state. Failed loads are not cached: fixing the file and asking again works.
 *
 * @example
 * const registry = new SpecRegistry({ basePath: 'openapi' })
 * const spec = registry.get('petstore') // loaded once, then served from the cache
 */
export class SpecRegistry {
  readonly basePath: string
  readonly #options: LoadSpecOptions
  readonly #cache = new Map<string, LoadedSpec>()
  readonly #loading = new Map<string, Promise<LoadedSpec>>()
  #generation = 0

  constructor(options: LoadSpecOptions) {
    this.basePath = checkBasePath(options)
    const remoteRefs: RemoteRefOptions | undefined = options.remoteRefs
    toRemoteSettings(remoteRefs)
    this.#options =
      remoteRefs === undefined ? { basePath: this.basePath } : { basePath: this.basePath, remoteRefs }
  }

  /** The spec called `name`, loaded synchronously on first use (remote `$ref`s need `load`). */
  get(name: string): LoadedSpec {
    const cached = this.#cache.get(checkName(name))
    if (cached !== undefined) return cached
    const spec = loadSpecSync(name, this.#options)
    this.#cache.set(name, spec)
    return spec
  }

  /** The spec called `name`, loaded on first use; concurrent calls share one load. */
  load(name: string): Promise<LoadedSpec> {
    const cached = this.#cache.get(checkName(name))
    if (cached !== undefined) return Promise.resolve(cached)
    const inFlight = this.#loading.get(name)
    if (inFlight !== undefined) return inFlight
    const generation = this.#generation
    const loading = loadSpec(name, this.#options).then(
      (spec) => {
        // A clear() during the load means the caller wants fresh state: do not resurrect this result.
        if (generation === this.#generation) {
          this.#cache.set(name, spec)
          this.#loading.delete(name)
        }
        return spec
      },
      (error: unknown) => {
        if (generation === this.#generation) this.#loading.delete(name)
        throw error
      },
    )
    this.#loading.set(name, loading)
    return loading
  }

  /** True when a spec of that name is in the cache. */
  has(name: string): boolean {
    return this.#cache.has(name)
  }

  /** Empties the cache; the next `get` or `load` reads the files again. */
  clear(): void {
    this.#generation++
    this.#cache.clear()
    this.#loading.clear()
  }
}

function checkName(name: unknown): string {
  if (typeof name !== 'string') {
    throw new ContractToolError(
      SpecErrorCode.InvalidOption,
      `SpecRegistry: the spec name must be a string, received ${echoValue(name)}.`,
    )
  }
  return name
}
