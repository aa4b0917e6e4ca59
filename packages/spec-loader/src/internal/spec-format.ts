import { extname } from 'node:path'
import { isJsonMediaType, normalizeMediaType } from '@contracttool/kernel'

export type SpecFormat = 'json' | 'yaml'

/** The document format a file extension stands for; undefined for anything but .json, .yaml and .yml. */
export function formatFromExtension(path: string): SpecFormat | undefined {
  const extension = extname(path).toLowerCase()
  if (extension === '.json') return 'json'
  if (extension === '.yaml' || extension === '.yml') return 'yaml'
  return undefined
}

/** The document format a Content-Type stands for (parameters ignored); undefined when it names neither. */
export function formatFromContentType(contentType: string | null): SpecFormat | undefined {
  if (contentType === null) return undefined
  if (isJsonMediaType(contentType)) return 'json'
  const essence = normalizeMediaType(contentType)
  if (
    essence === 'application/yaml' ||
    essence === 'application/x-yaml' ||
    essence === 'text/yaml' ||
    essence === 'text/x-yaml' ||
    essence.endsWith('+yaml')
  ) {
    return 'yaml'
  }
  return undefined
}
