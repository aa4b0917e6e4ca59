import { isObject, type JsonValue } from '@contracttool/kernel'
import { shortTypeOf } from '@contracttool/kernel/internal'
import { templatePlaceholders } from '@contracttool/matcher'
import { follow, type LoadedSpec } from '@contracttool/spec-loader'
import { type IssueSink, pointerOf } from './issue-sink.js'

/**
 * The `paths` object and its templates: shape, leading slash, duplicate placeholders, and templates that
 * differ only in placeholder names.
 */
export function checkPaths(spec: LoadedSpec, sink: IssueSink): void {
  const document = spec.document
  const paths = document.paths
  if (paths === undefined) {
    if (spec.version === '3.0') {
      sink.error(
        'structure',
        'The document has no `paths` object; OpenAPI 3.0 requires one.',
        "Add `paths: {}` (or the API's paths).",
        '#',
      )
    }
    return
  }
  if (!isObject(paths)) {
    sink.error(
      'structure',
      `Malformed \`paths\`: expected object, got ${shortTypeOf(paths)}.`,
      null,
      '#/paths',
    )
    return
  }
  const shapes = new Map<string, string>()
  for (const template of Object.keys(paths)) {
    const pointer = pointerOf('paths', template)
    if (!template.startsWith('/')) {
      sink.error(
        'structure',
        `Path \`${template}\` does not begin with a slash; no request path can match it.`,
        `Rename it to \`/${template}\`.`,
        pointer,
      )
    }
    const item = follow(document, paths[template] as JsonValue)
    if (!isObject(item)) {
      sink.error(
        'structure',
        `Malformed \`paths["${template}"]\`: expected object, got ${shortTypeOf(item)}.`,
        null,
        pointer,
      )
    }
    const names = templatePlaceholders(template)
    const duplicates = [...new Set(names.filter((name, i) => names.indexOf(name) !== i))]
    for (const name of duplicates) {
      sink.error(
        'structure',
        `Duplicate path placeholder name '${name}' in spec path '${template}'. OpenAPI requires unique placeholder names within a single template; the path matcher refuses the spec.`,
        'Give each placeholder its own name.',
        pointer,
      )
    }
    // `/pets/{a}` and `/pets/{b}` are the same template (OpenAPI: MUST NOT); the matcher keeps the first.
    const shape = template.replace(/\{[^{}/]+\}/g, '\u0000').replace(/\/+$/, '')
    const first = shapes.get(shape)
    if (first !== undefined && names.length > 0) {
      sink.warning(
        'structure',
        `Paths \`${first}\` and \`${template}\` differ only in placeholder names; OpenAPI forbids such identical templates and requests always match \`${first}\`.`,
        'Merge the two path items.',
        pointer,
      )
    } else if (first === undefined) {
      shapes.set(shape, template)
    }
  }
}
