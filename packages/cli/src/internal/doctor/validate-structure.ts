import type { JsonObject } from '@contracttool/kernel'
import { unescapePointerToken } from '@contracttool/kernel/internal'
import { resolvePointer } from '@contracttool/spec-loader'
import { validate } from '@readme/openapi-parser'
import { jsonLinePointers } from './json-line-pointers.js'

/** One structural error found by @readme/openapi-parser. */
export interface StructuralFinding {
  readonly severity: 'error' | 'warning'
  readonly message: string
  readonly pointer: string | null
}

export interface StructuralResult {
  readonly findings: readonly StructuralFinding[]
  /** Errors the parser counted but did not describe (it stops at 20 on large documents). */
  readonly additionalErrors: number
}

/**
 * The parser's own checks this tool repeats with its own wording (path parameters, duplicate
 * operationIds); their parser versions are downgraded to warnings and dropped, so each finding appears once.
 */
const COVERED_RULES = {
  'duplicate-operation-id': 'warning',
  'path-parameters-not-in-parameters': 'warning',
  'path-parameters-not-in-path': 'warning',
} as const
const COVERED_WARNING =
  /operationId `.*` is duplicated|has a path parameter named|is missing path parameter\(s\)/

/**
 * Validates an already bundled OpenAPI 3.0 or 3.1 document against the official OpenAPI schema with
 * @readme/openapi-parser. The document is cloned (the parser dereferences in place) and every `$ref` in it
 * is local, and external and file resolution are off, so validation never reads a file or the network.
 */
export async function validateStructure(document: JsonObject): Promise<StructuralResult> {
  const clone = structuredClone(document) as Record<string, unknown>
  const result = await validate(clone as never, {
    resolve: { external: false, file: false },
    validate: { errors: { colorize: false }, rules: { openapi: COVERED_RULES } },
  })
  const findings: StructuralFinding[] = []
  let pointers: string[] | undefined
  const seen = new Set<string>()
  const describe = (raw: string, severity: 'error' | 'warning'): void => {
    const frame = /^> *(\d+) \|/m.exec(raw)
    if (frame === null) {
      findings.push({ severity, message: raw.trim(), pointer: null })
      return
    }
    pointers ??= jsonLinePointers(clone)
    const found = pointers[Number(frame[1]) - 1]
    // The parser dereferences in place, so an error inside a shared component shows at every use site:
    // name it where it is written, once.
    const pointer = found === undefined ? null : canonicalPointer(document, found)
    const message = summarize(raw)
    const key = `${pointer}\u0000${message}`
    if (seen.has(key)) return
    seen.add(key)
    findings.push({ severity, message, pointer })
  }
  if (!result.valid) for (const error of result.errors) describe(error.message, 'error')
  for (const warning of result.warnings) {
    if (!COVERED_WARNING.test(warning.message)) describe(warning.message, 'warning')
  }
  return { findings, additionalErrors: result.valid ? 0 : result.additionalErrors }
}

/**
 * `ENUM must be equal to one of the allowed values\n(a, b)\n\n  12 | ... ^^^ Did you mean object here?`
 * becomes `must be equal to one of the allowed values (a, b): Did you mean object here?`.
 */
function summarize(raw: string): string {
  const [head = '', ...rest] = raw.split('\n')
  const headline = head.replace(/^[A-Z][A-Z ]*[A-Z] (?=[a-z])/, '').trim()
  const details = rest
    .filter((line) => line.trim() !== '' && !/^[ >]*\d+ \||^ *\|/.test(line))
    .map((l) => l.trim())
  const marker = /\^+ (.+)$/m.exec(raw)?.[1]?.trim()
  const hint = marker !== undefined && !headline.includes(marker) ? `: ${marker}` : ''
  return `${headline}${details.length > 0 ? ` ${details.join(' ')}` : ''}${hint}`
}

/**
 * The pointer of the node as written: walking `pointer` through the bundled document, each `$ref` met on
 * the way restarts the pointer at its target.
 */
function canonicalPointer(document: JsonObject, pointer: string): string {
  let base = '#'
  let node: unknown = document
  for (const raw of pointer.split('/').slice(1)) {
    const ref = (node as { $ref?: unknown } | null)?.$ref
    if (typeof node === 'object' && node !== null && typeof ref === 'string' && ref.startsWith('#/')) {
      const target = resolvePointer(document, ref)
      if (target !== undefined) {
        base = ref
        node = target
      }
    }
    const token = unescapePointerToken(raw)
    node = typeof node === 'object' && node !== null ? (node as Record<string, unknown>)[token] : undefined
    base = `${base}/${raw}`
  }
  return base
}
