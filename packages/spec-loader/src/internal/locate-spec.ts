import { realpathSync, statSync } from 'node:fs'
import { basename, dirname, join, resolve, sep } from 'node:path'
import { ContractToolError } from '@contracttool/kernel'
import { documentTypeOf, echoValue, truncateText } from '@contracttool/kernel/internal'
import { SpecErrorCode } from '../errors.js'
import type { LoadSpecFileOptions, LoadSpecOptions } from '../load-options.js'
import type { EntryFile } from './load-entry.js'
import { isInside } from './ref-file.js'
import { toRemoteSettings } from './remote-settings.js'
import { specError } from './spec-error.js'
import { formatFromExtension } from './spec-format.js'

const EXTENSIONS = ['.json', '.yaml', '.yml'] as const
const TRIED = EXTENSIONS.join(', ')

/**
 * Finds `<basePath>/<name>.json`, then `.yaml`, then `.yml`. A name that could reach outside the base
 * path (`..` segments, absolute paths, drive letters, NUL) gets the same answer as a missing spec, so
 * the lookup cannot be used to probe for files elsewhere.
 */
export function locateSpec(name: unknown, options: LoadSpecOptions): EntryFile {
  const basePath = checkBasePath(options)
  if (typeof name !== 'string') {
    throw new ContractToolError(
      SpecErrorCode.InvalidOption,
      `loadSpec: the spec name must be a string, received ${echoValue(name)} (${documentTypeOf(name)}).`,
    )
  }
  const remote = toRemoteSettings(options.remoteRefs)
  const base = resolve(basePath)
  const notFound = (detail: string) =>
    new ContractToolError(
      SpecErrorCode.SpecNotFound,
      `OpenAPI spec not found: ${base}${sep}${truncateText(name.replaceAll('\0', '\\0'))} (tried extensions: ${TRIED}). ${detail}`,
      { specName: name },
    )
  const advice = `Place ${echoValue(`${name}.json`)}, .yaml or .yml in the base path, or check specBasePath.`
  if (!isSafeName(name)) throw notFound(advice)
  let canonicalBase: string
  try {
    canonicalBase = realpathSync(base)
  } catch {
    throw notFound(`The base path does not exist. ${advice}`)
  }
  for (const extension of EXTENSIONS) {
    const candidate = join(base, `${name}${extension}`)
    if (!isFile(candidate)) continue
    const canonicalPath = realpathSync(candidate)
    if (!isInside(canonicalBase, canonicalPath)) {
      throw notFound(`${candidate} resolves outside the base path (symbolic link) and was refused.`)
    }
    const format = formatFromExtension(candidate) ?? 'json'
    return { specName: name, path: candidate, canonicalPath, format, root: canonicalBase, remote }
  }
  const extension = EXTENSIONS.find((ext) => name.toLowerCase().endsWith(ext))
  throw notFound(
    extension === undefined
      ? advice
      : `Spec names are given without extension: try ${echoValue(name.slice(0, -extension.length))}.`,
  )
}

/** Checks a file path given to `loadSpecFile`: supported extension, existing file. */
export function locateSpecFile(path: unknown, options: LoadSpecFileOptions = {}): EntryFile {
  if (typeof path !== 'string' || path === '') {
    throw new ContractToolError(
      SpecErrorCode.InvalidOption,
      `loadSpecFile: the path must be a non-empty string, received ${echoValue(path)} (${documentTypeOf(path)}).`,
    )
  }
  const absolute = resolve(path)
  const fileName = basename(absolute)
  const specName = options.name ?? fileName.replace(/\.[^.]*$/, '')
  const context = { specName, file: absolute }
  const format = formatFromExtension(absolute)
  if (format === undefined) {
    throw specError(
      SpecErrorCode.UnsupportedExtension,
      context,
      `unsupported spec file extension; expected .json, .yaml or .yml, received ${echoValue(fileName)}.`,
    )
  }
  const remote = toRemoteSettings(options.remoteRefs)
  if (path.includes('\0') || !isFile(absolute)) {
    throw specError(
      SpecErrorCode.SpecNotFound,
      context,
      'OpenAPI spec file not found (or not a regular file).',
    )
  }
  const canonicalPath = realpathSync(absolute)
  let root: string
  try {
    root = realpathSync(resolve(options.root ?? dirname(canonicalPath)))
  } catch (error) {
    throw new ContractToolError(
      SpecErrorCode.InvalidOption,
      `loadSpecFile: the root ${echoValue(options.root)} does not exist; expected the folder local $refs must stay inside.`,
      { specName, cause: error },
    )
  }
  return { specName, path: absolute, canonicalPath, format, root, remote }
}

/** Validates `basePath`; unset or empty is a configuration problem with its own code. */
export function checkBasePath(options: LoadSpecOptions | undefined): string {
  const basePath = (options as { basePath?: unknown } | undefined)?.basePath
  if (typeof basePath !== 'string' || basePath.trim() === '') {
    throw new ContractToolError(
      SpecErrorCode.BasePathNotConfigured,
      `spec base path not configured: expected options.basePath (specBasePath in the runner's options or contracttool.config.*) to name the folder holding the specs, received ${echoValue(basePath)}.`,
    )
  }
  return basePath
}

function isSafeName(name: string): boolean {
  if (name === '' || name.includes('\0')) return false
  if (name.startsWith('/') || name.startsWith('\\') || /^[a-zA-Z]:/.test(name)) return false
  return !name.split(/[/\\]/).some((segment) => segment === '..')
}

function isFile(path: string): boolean {
  try {
    return statSync(path).isFile()
  } catch {
    return false
  }
}
