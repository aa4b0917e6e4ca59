import type { LoadedSpec } from '@contracttool/spec-loader'
import type { CustomFormats, SchemaContext } from '../types.js'
import { SchemaRegistry } from './schema-registry.js'

// Everything the validator derives from one spec: compiled schemas per context, compiled skip
// patterns, the advisories already delivered. Keyed by the spec object (a WeakMap), so it lives exactly
// as long as the spec and never leaks between specs, workers or test files.
export interface SpecState {
  readonly spec: LoadedSpec
  registry(context: SchemaContext): SchemaRegistry
  // Delivers an advisory once per spec (by key) to the sink of the call in progress.
  warn(key: string, message: string): void
  // Runs `fn` with `sink` receiving this call's advisories.
  withSink<T>(sink: ((message: string) => void) | undefined, fn: () => T): T
  // Makes `sink` receive advisories from now on and returns the one it replaces (`withSink` without
  // the closure, for the per-response path: put the previous one back in a `finally`).
  swapSink(sink: ((message: string) => void) | undefined): ((message: string) => void) | undefined
  readonly memo: Map<string, unknown>
  /** The formats `useFormats()` added (name → checker). */
  readonly formats: CustomFormats
  /** Replaces the added formats; schemas compiled before are compiled again with them. */
  setFormats(formats: CustomFormats): void
}

const states = new WeakMap<LoadedSpec, SpecState>()

export function getSpecState(spec: LoadedSpec): SpecState {
  let state = states.get(spec)
  if (state === undefined) {
    state = createSpecState(spec)
    states.set(spec, state)
  }
  return state
}

function createSpecState(spec: LoadedSpec): SpecState {
  let requestRegistry: SchemaRegistry | undefined
  let responseRegistry: SchemaRegistry | undefined
  const warned = new Set<string>()
  let sink: ((message: string) => void) | undefined
  let formats: CustomFormats = {}
  const createRegistry = (context: SchemaContext): SchemaRegistry =>
    new SchemaRegistry(spec, context, (key, message) => state.warn(key, message), false, undefined, formats)
  const state: SpecState = {
    spec,
    memo: new Map(),
    get formats() {
      return formats
    },
    setFormats(next) {
      const same =
        Object.keys(next).length === Object.keys(formats).length &&
        Object.entries(next).every(([name, check]) => formats[name] === check)
      if (same) return
      formats = { ...next }
      requestRegistry = undefined
      responseRegistry = undefined
      state.memo.clear()
    },
    registry(context) {
      if (context === 'response') {
        responseRegistry ??= createRegistry(context)
        return responseRegistry
      }
      requestRegistry ??= createRegistry(context)
      return requestRegistry
    },
    warn(key, message) {
      if (warned.has(key)) return
      warned.add(key)
      // `[Category] spec 'name': …`, unless the message already names the spec.
      const text = message.includes(`'${spec.name}'`)
        ? message
        : message.replace(/^(\[[^\]]+\] )?/, `$1spec '${spec.name}': `)
      if (sink !== undefined) sink(text)
      else process.emitWarning(text, 'ContractToolWarning')
    },
    withSink(next, fn) {
      const previous = state.swapSink(next)
      try {
        return fn()
      } finally {
        state.swapSink(previous)
      }
    },
    swapSink(next) {
      const previous = sink
      sink = next
      return previous
    },
  }
  return state
}
