/**
 * Opt-in for remote (`http:` / `https:`) `$ref`s. Without it every remote reference is refused, so a
 * spec can never make a test run reach the network on its own.
 */
export interface RemoteRefOptions {
  /** Host names allowed, compared exactly and case-insensitively (a trailing dot is ignored). No scheme, port or path. */
  readonly allowedHosts: readonly string[]
  /** The fetch used for every remote document; defaults to the global `fetch`. */
  readonly fetch?: typeof fetch | undefined
  /** Largest remote document accepted, in bytes. Default 10 MiB. */
  readonly maxBytes?: number | undefined
  /** Longest wait for one remote document, headers and body together, in milliseconds. Default 30,000. */
  readonly timeoutMs?: number | undefined
}

/** Options of `loadSpec`, `loadSpecSync` and `new SpecRegistry()`. */
export interface LoadSpecOptions {
  /** Folder the spec names are looked up in; also the root local `$ref`s must stay inside. */
  readonly basePath: string
  readonly remoteRefs?: RemoteRefOptions | undefined
}

/** Options of `loadSpecFile` and `loadSpecFileSync`. */
export interface LoadSpecFileOptions {
  /** Name of the loaded spec; defaults to the file name without its extension. */
  readonly name?: string | undefined
  /** Folder local `$ref`s must stay inside; defaults to the folder of the file. */
  readonly root?: string | undefined
  readonly remoteRefs?: RemoteRefOptions | undefined
}

/** Options of `loadSpecFromValue`. */
export interface LoadSpecFromValueOptions {
  readonly name: string
  /** Where the value came from, recorded as `LoadedSpec.sourcePath` and named in messages. Never read. */
  readonly sourcePath?: string | undefined
}
