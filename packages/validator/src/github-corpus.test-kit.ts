import { readdirSync, readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { dirname, join } from 'node:path'
import { type LoadedSpec, loadSpecFromValue } from '@contracttool/spec-loader'

const require = createRequire(import.meta.url)

// Directory of an installed package (resolved through its package.json).
function packageDir(name: string): string {
  return dirname(require.resolve(`${name}/package.json`))
}

// One recorded GitHub API exchange from @octokit/fixtures.
export interface Recording {
  readonly scenario: string
  readonly method: string
  readonly path: string
  readonly status: number
  // Header values as sent on the wire (the recorder stores a few as numbers).
  readonly headers: Readonly<Record<string, string>>
  // Decoded JSON, or the raw text; `undefined` for an empty body.
  readonly body: unknown
}

// Every recording of `scenarios/api.github.com/<scenario>/normalized-fixture.json`, scenarios in name order.
export function readGithubRecordings(): Recording[] {
  const root = join(packageDir('@octokit/fixtures'), 'scenarios', 'api.github.com')
  const out: Recording[] = []
  for (const scenario of readdirSync(root).sort()) {
    const entries = JSON.parse(readFileSync(join(root, scenario, 'normalized-fixture.json'), 'utf8')) as {
      method: string
      path: string
      status: number
      headers: Record<string, string | number>
      response: unknown
    }[]
    for (const entry of entries) {
      out.push({
        scenario,
        method: entry.method.toUpperCase(),
        path: entry.path,
        status: entry.status,
        headers: Object.fromEntries(
          Object.entries(entry.headers).map(([name, value]) => [name, String(value)]),
        ),
        body: entry.response === '' ? undefined : entry.response,
      })
    }
  }
  return out
}

// The GitHub REST description exactly as @octokit/openapi publishes it.
export function loadGithubRestSpec(): LoadedSpec {
  const file = join(packageDir('@octokit/openapi'), 'generated', 'api.github.com.json')
  return loadSpecFromValue(JSON.parse(readFileSync(file, 'utf8')), {
    name: 'api.github.com',
    sourcePath: file,
  })
}

// The GitHub webhooks description exactly as @octokit/openapi-webhooks publishes it.
export function loadGithubWebhooksSpec(): LoadedSpec {
  const file = join(packageDir('@octokit/openapi-webhooks'), 'generated', 'api.github.com.json')
  return loadSpecFromValue(JSON.parse(readFileSync(file, 'utf8')), {
    name: 'api.github.com-webhooks',
    sourcePath: file,
  })
}

// One example payload of @octokit/webhooks-examples, with the webhook it belongs to.
export interface WebhookExample {
  // `<event>#<index within the event>`, stable across runs.
  readonly id: string
  // The key under `webhooks`, or undefined when the description has none for it.
  readonly webhook: string | undefined
  readonly payload: unknown
}

// Every example payload, matched to its webhook: `<event>-<action>` (underscores as dashes), else
// `<event>`, else the event's only webhook (a `repository_dispatch` action is chosen by its sender).
export function readWebhookExamples(spec: LoadedSpec): WebhookExample[] {
  const file = join(packageDir('@octokit/webhooks-examples'), 'api.github.com', 'index.json')
  const events = JSON.parse(readFileSync(file, 'utf8')) as {
    name: string
    examples: Record<string, unknown>[]
  }[]
  const names = Object.keys((spec.document.webhooks ?? {}) as object)
  const out: WebhookExample[] = []
  for (const event of events) {
    const base = event.name.replaceAll('_', '-')
    const family = names.filter((name) => name.startsWith(`${base}-`))
    event.examples.forEach((payload, index) => {
      const action =
        typeof payload.action === 'string' ? `${base}-${payload.action.replaceAll('_', '-')}` : undefined
      const webhook =
        action !== undefined && names.includes(action)
          ? action
          : names.includes(base)
            ? base
            : family.length === 1
              ? family[0]
              : undefined
      out.push({ id: `${event.name}#${index}`, webhook, payload })
    })
  }
  return out
}
