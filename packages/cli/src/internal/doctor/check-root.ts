import { isObject } from '@contracttool/kernel'
import { shortTypeOf } from '@contracttool/kernel/internal'
import type { LoadedSpec } from '@contracttool/spec-loader'
import type { IssueSink } from './issue-sink.js'

/**
 * The root fields @readme/openapi-parser would check for 3.0 and 3.1, for the 3.2 documents it cannot
 * validate: an `info` object with string `title` and `version`, and an object-shaped `webhooks`
 * (`components` is checked with the security schemes).
 */
export function checkRoot(spec: LoadedSpec, sink: IssueSink): void {
  if (spec.version !== '3.2') return
  const { document } = spec
  const info = document.info
  if (!isObject(info)) {
    sink.error(
      'structure',
      `The document needs an \`info\` object, got ${shortTypeOf(info)}.`,
      'Add `info: { title, version }`.',
      '#',
    )
  } else {
    for (const field of ['title', 'version'] as const) {
      if (typeof info[field] !== 'string') {
        sink.error(
          'structure',
          `\`info.${field}\` must be a string, got ${shortTypeOf(info[field])}.`,
          null,
          '#/info',
        )
      }
    }
  }
  for (const field of ['webhooks'] as const) {
    if (document[field] !== undefined && !isObject(document[field])) {
      sink.error(
        'structure',
        `Malformed \`${field}\`: expected object, got ${shortTypeOf(document[field])}.`,
        null,
        `#/${field}`,
      )
    }
  }
}
