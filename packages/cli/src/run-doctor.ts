import { accessSync, constants, statSync } from 'node:fs'
import { extname, resolve } from 'node:path'
import { isContractToolError, isObject, type JsonValue } from '@contracttool/kernel'
import { createPathMatcher, MatcherErrorCode } from '@contracttool/matcher'
import { type LoadedSpec, loadSpecFile, readSpecDocument, SpecErrorCode } from '@contracttool/spec-loader'
import type { RemoteRefOptions } from '@contracttool/spec-loader/internal'
import type { DoctorCategory, DoctorIssue, DoctorReport, DoctorSpecSummary } from './doctor-report.js'
import { checkOperations } from './internal/doctor/check-operations.js'
import { checkPaths } from './internal/doctor/check-paths.js'
import { checkPrefixes } from './internal/doctor/check-prefixes.js'
import { checkRoot } from './internal/doctor/check-root.js'
import { checkSchemas } from './internal/doctor/check-schemas.js'
import { checkSecurity } from './internal/doctor/check-security.js'
import { checkServers } from './internal/doctor/check-servers.js'
import { IssueSink } from './internal/doctor/issue-sink.js'
import { findUnresolvedRefs, indexWithoutUnresolved } from './internal/doctor/unresolved-refs.js'
import { validateStructure } from './internal/doctor/validate-structure.js'
import { findShadowingSpec } from './internal/find-shadowing-spec.js'
import { toolVersion } from './internal/tool-version.js'

export interface RunDoctorOptions {
  /** Directory relative spec paths are resolved against; defaults to `process.cwd()`. */
  readonly cwd?: string | undefined
  /** Prefixes the test run strips from request paths (`--strip-prefix`), checked against the spec's paths. */
  readonly stripPrefixes?: readonly string[] | undefined
  /** Format names the run checks through its `formats` option (`contracttool.config.*`): not reported as unknown. */
  readonly checkedFormats?: readonly string[] | undefined
  /** Remote `$ref`s allowed to load, exactly as the runtime loader would be configured. */
  readonly remoteRefs?: RemoteRefOptions | undefined
  /** Called as each spec moves through the checks (for a progress indicator). */
  readonly onProgress?:
    | ((event: { readonly index: number; readonly total: number; readonly step: string }) => void)
    | undefined
}

const SEVERITY_ORDER = { error: 0, warning: 1, skipped: 2 } as const

/**
 * Checks OpenAPI documents the way contracttool will read them at test time: loads each one exactly as
 * the runtime loader does, validates its structure (@readme/openapi-parser for 3.0 and 3.1, contracttool's
 * own checks for 3.2), and reports what would make validation fail, pass silently or skip. Never reaches
 * the network unless `remoteRefs` allows hosts.
 *
 * @example
 * const report = await runDoctor(['openapi/petstore.yaml'])
 * if (report.status === 'error') process.exitCode = 1
 */
export async function runDoctor(
  specPaths: readonly string[],
  options: RunDoctorOptions = {},
): Promise<DoctorReport> {
  const cwd = options.cwd ?? process.cwd()
  const specs: DoctorSpecSummary[] = []
  const issues: DoctorIssue[] = []
  for (const [index, given] of specPaths.entries()) {
    const progress = (step: string) => options.onProgress?.({ index, total: specPaths.length, step })
    const { summary, sink } = await doctorOne(given, resolve(cwd, given), options, progress)
    specs.push(summary)
    issues.push(
      ...sink.issues
        .map((issue, order) => ({ issue, order }))
        .sort(
          (a, b) => SEVERITY_ORDER[a.issue.severity] - SEVERITY_ORDER[b.issue.severity] || a.order - b.order,
        )
        .map(({ issue }) => issue),
    )
  }
  const count = (severity: DoctorIssue['severity']) =>
    issues.filter((issue) => issue.severity === severity).length
  const errors = count('error')
  const warnings = count('warning')
  const skipped = count('skipped')
  return {
    schemaVersion: 1,
    tool: { name: 'contracttool', version: toolVersion() },
    status: errors > 0 ? 'error' : warnings + skipped > 0 ? 'warning' : 'ok',
    summary: {
      specs: specs.length,
      operations: specs.reduce((sum, spec) => sum + spec.operations, 0),
      responses: specs.reduce((sum, spec) => sum + spec.responses, 0),
      errors,
      warnings,
      skipped,
    },
    specs,
    issues,
  }
}

async function doctorOne(
  given: string,
  absolute: string,
  options: RunDoctorOptions,
  progress: (step: string) => void,
): Promise<{ summary: DoctorSpecSummary; sink: IssueSink }> {
  const sink = new IssueSink(given)
  const name = absolute.replace(/^.*[\\/]/, '').replace(/\.[^.]*$/, '')
  const failed = (): { summary: DoctorSpecSummary; sink: IssueSink } => ({
    summary: {
      path: given,
      name,
      openapi: null,
      dialect: null,
      loaded: false,
      operations: 0,
      responses: 0,
      structuralValidation: null,
    },
    sink,
  })
  if (!isReadableFile(absolute)) {
    sink.error('io', `Spec is not a readable file: ${absolute}`, 'Check the path and file permissions.')
    return failed()
  }
  if (!['.json', '.yaml', '.yml'].includes(extname(absolute).toLowerCase())) {
    sink.error(
      'parser',
      `Unsupported spec file extension '${extname(absolute) || '(none)'}': the loader reads .json, .yaml and .yml.`,
      'Rename the file or convert it to JSON or YAML.',
    )
    return failed()
  }
  const shadow = findShadowingSpec(absolute)
  if (shadow !== undefined) {
    sink.error(
      'configuration',
      `The runtime loader selects \`${shadow}\` before the requested \`${absolute}\`: specs are looked up by name, .json before .yaml before .yml.`,
      'Remove or rename the shadowing file so the doctor and the test run select the same spec.',
    )
  }
  progress('loading')
  let spec: LoadedSpec
  try {
    spec = await loadSpecFile(absolute, { remoteRefs: options.remoteRefs })
  } catch (error) {
    reportLoadFailure(error, sink)
    const unloaded = isContractToolError(error) && error.code.startsWith('CONTRACTTOOL_REF_')
    const raw = unloaded ? checkAsWritten(absolute, name, error.message, sink) : undefined
    if (raw === undefined) return failed()
    progress('checking')
    // The findings count; the spec still is not loaded, so it adds no operations to the totals.
    await runChecks(raw, options, sink, progress)
    return failed()
  }
  for (const warning of spec.warnings) {
    sink.warning(warning.includes('$self') ? 'references' : 'compatibility', warning)
  }
  progress('checking')
  const checked = await runChecks(spec, options, sink, progress)
  return {
    summary: {
      path: given,
      name: spec.name,
      openapi: spec.openapi,
      dialect: spec.defaultDialect,
      loaded: true,
      ...checked,
    },
    sink,
  }
}

// Every check that reads the indexed document; also run on a document the loader refused.
async function runChecks(
  spec: LoadedSpec,
  options: RunDoctorOptions,
  sink: IssueSink,
  progress: (step: string) => void,
): Promise<Pick<DoctorSpecSummary, 'operations' | 'responses' | 'structuralValidation'>> {
  checkRoot(spec, sink)
  checkPaths(spec, sink)
  const counts = checkOperations(spec, sink)
  checkSecurity(spec, sink)
  checkSchemas(spec, sink, options.checkedFormats)
  checkPrefixes(spec, options.stripPrefixes ?? [], sink)
  checkServers(spec, sink)
  try {
    createPathMatcher(spec)
  } catch (error) {
    // Duplicate placeholders were reported with their template above.
    if (!(isContractToolError(error) && error.code === MatcherErrorCode.DuplicatePlaceholder)) {
      sink.error(
        'structure',
        `The path matcher refuses the spec: ${error instanceof Error ? error.message : String(error)}`,
      )
    }
  }
  let structuralValidation: DoctorSpecSummary['structuralValidation'] = 'contracttool'
  if (spec.version !== '3.2') {
    progress('validating structure')
    structuralValidation = 'openapi-parser'
    await addStructuralFindings(spec, sink)
  }
  return { operations: counts.operations, responses: counts.responses, structuralValidation }
}

/**
 * After a reference error, reads the document as written: lists every other use of a local `$ref`
 * that points at nothing (the loader stops at the first), and returns the document indexed with those
 * references emptied so the other checks still run. Undefined when the file cannot be read this way.
 */
function checkAsWritten(
  absolute: string,
  name: string,
  loaderMessage: string,
  sink: IssueSink,
): LoadedSpec | undefined {
  let raw: JsonValue
  try {
    raw = readSpecDocument(absolute)
  } catch {
    return undefined
  }
  if (!isObject(raw)) return undefined
  const unresolved = findUnresolvedRefs(raw)
  // The loader's message already names the use it stopped at.
  const reported = pointerInMessage(loaderMessage)
  for (const { ref, pointer } of unresolved) {
    if (pointer === reported) continue
    sink.error(
      'references',
      `unresolvable $ref ${JSON.stringify(ref)} at ${pointer}: no value at that pointer.`,
      SUGGESTIONS[SpecErrorCode.RefNotFound] ?? null,
      pointer,
    )
  }
  return indexWithoutUnresolved(raw, name, unresolved)
}

async function addStructuralFindings(spec: LoadedSpec, sink: IssueSink): Promise<void> {
  const own = new Set(sink.issues.map((issue) => issue.pointer).filter((p): p is string => p !== null))
  const ownLeadingSlash = sink.issues.some((issue) => issue.message.includes('does not begin with a slash'))
  try {
    const result = await validateStructure(spec.document)
    for (const finding of result.findings) {
      // The same node already has a more specific issue from the checks above.
      if (finding.pointer !== null && own.has(finding.pointer)) continue
      if (ownLeadingSlash && /must begin with a leading slash/.test(finding.message)) continue
      sink.add(
        finding.severity,
        'structure',
        `OpenAPI ${spec.version} schema: ${finding.message}`,
        null,
        finding.pointer,
      )
    }
    if (result.additionalErrors > 0) {
      sink.error(
        'structure',
        `OpenAPI ${spec.version} schema: ${result.additionalErrors} more structural error(s) not listed; fix the ones above and run the doctor again.`,
      )
    }
  } catch (error) {
    // The parser walks the document recursively; the doctor's own checks do not, and have run.
    const reason =
      error instanceof RangeError
        ? 'the document is nested too deeply for it (the other checks ran)'
        : error instanceof Error
          ? error.message
          : String(error)
    sink.warning('internal', `Structural validation with @readme/openapi-parser could not run: ${reason}`)
  }
}

const SUGGESTIONS: Readonly<Record<string, string>> = {
  [SpecErrorCode.RefRemoteDisallowed]:
    'Pass --allow-remote-refs with --remote-ref-host=<host> if the host is trusted, or bundle the spec into one file.',
  [SpecErrorCode.RefRemoteHostDisallowed]: 'Add the host with --remote-ref-host=<host> if it is trusted.',
  [SpecErrorCode.RefOutsideRoot]:
    "Move the referenced file inside the spec's folder, or bundle the spec into one file.",
  [SpecErrorCode.RefFileNotFound]: 'Check the relative path of the reference.',
  [SpecErrorCode.RefNotFound]: 'Check the JSON pointer of the reference.',
  [SpecErrorCode.UnsupportedVersion]:
    'Set `openapi` to a full 3.0.x, 3.1.x or 3.2.x version string, such as "3.1.0".',
  [SpecErrorCode.UnsupportedDialect]:
    'Use the OpenAPI 3.1 base dialect or JSON Schema draft 06, draft 07, 2019-09 or 2020-12.',
}

function reportLoadFailure(error: unknown, sink: IssueSink): void {
  if (!isContractToolError(error)) {
    sink.error(
      'internal',
      `The loader failed unexpectedly: ${error instanceof Error ? error.message : String(error)}`,
    )
    return
  }
  const suggestion = error.message.includes('Swagger 2.0') ? null : (SUGGESTIONS[error.code] ?? null)
  sink.error(categoryOf(error.code), error.message, suggestion, pointerInMessage(error.message))
}

function pointerInMessage(message: string): string | null {
  return / at (#\/[^:\s]*):/.exec(message)?.[1] ?? null
}

function categoryOf(code: string): DoctorCategory {
  if (code.startsWith('CONTRACTTOOL_REF_')) return 'references'
  switch (code) {
    case SpecErrorCode.UnsupportedDialect:
      return 'dialect'
    case SpecErrorCode.UnsupportedVersion:
      return 'version'
    case SpecErrorCode.MalformedJson:
    case SpecErrorCode.MalformedYaml:
    case SpecErrorCode.NonMappingRoot:
    case SpecErrorCode.UnsupportedExtension:
      return 'parser'
    case SpecErrorCode.SpecNotFound:
    case SpecErrorCode.SpecUnreadable:
      return 'io'
    default:
      return 'spec'
  }
}

function isReadableFile(path: string): boolean {
  try {
    if (!statSync(path).isFile()) return false
    accessSync(path, constants.R_OK)
    return true
  } catch {
    return false
  }
}
