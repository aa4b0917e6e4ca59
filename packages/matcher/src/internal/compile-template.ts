import { ContractToolError } from '@contracttool/spec-loader'
import { MatcherErrorCode } from '../matcher-error-code.js'
import { trimSlashes } from './trim-slashes.js'

export type TemplateSegment =
  | { readonly kind: 'literal'; readonly value: string }
  | { readonly kind: 'param'; readonly name: string }
  | { readonly kind: 'multi'; readonly name: string }

export interface CompiledTemplate {
  readonly template: string
  // Declaration order among the spec's paths: the last tie-breaker.
  readonly order: number
  readonly segments: readonly TemplateSegment[]
  readonly literalCount: number
  readonly hasMultiSegment: boolean
  // Placeholder names in segment order; the trie reports captures in the same order.
  readonly paramNames: readonly string[]
}

// Braces inside the name mean several placeholders in one segment (`{base}...{head}`): a literal.
const PLACEHOLDER = /^\{([^{}]+)\}$/

// Slashes at both ends are trimmed first so `/v2/account/` and `/v2/account` are the same template
// (https://spec.openapis.org/oas/v3.1.0#path-templating).
export function compileTemplate(
  template: string,
  order: number,
  multiSegmentNames: ReadonlySet<string> | undefined,
  specName: string,
): CompiledTemplate {
  const segments: TemplateSegment[] = []
  const paramNames: string[] = []
  let literalCount = 0
  let hasMultiSegment = false
  for (const raw of trimSlashes(template).split('/')) {
    const name = PLACEHOLDER.exec(raw)?.[1]
    if (name === undefined) {
      segments.push({ kind: 'literal', value: raw })
      literalCount++
      continue
    }
    // A repeated name would let one capture overwrite the other, silently skipping its validation.
    if (paramNames.includes(name)) {
      throw new ContractToolError(
        MatcherErrorCode.DuplicatePlaceholder,
        `Duplicate path placeholder name '${name}' in spec path '${template}'. OpenAPI requires unique placeholder names within a single template.`,
        { specName },
      )
    }
    paramNames.push(name)
    if (multiSegmentNames?.has(name) === true) {
      segments.push({ kind: 'multi', name })
      hasMultiSegment = true
    } else {
      segments.push({ kind: 'param', name })
    }
  }
  return { template, order, segments, literalCount, hasMultiSegment, paramNames }
}

// `'/' + trim(template, '/')`: the key under which a template without placeholders is looked up.
export function literalKey(template: string): string {
  return `/${trimSlashes(template)}`
}
