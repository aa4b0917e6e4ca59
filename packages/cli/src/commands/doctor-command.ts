import { withFormatsModule } from '@contracttool/harness'
import { terminalText } from '@contracttool/kernel/internal'
import type { RemoteRefOptions } from '@contracttool/spec-loader/internal'
import { Command, Option } from 'clipanion'
import { BaseCommand } from '../internal/base-command.js'
import { configuredSpecs } from '../internal/configured-spec.js'
import { wantsColor } from '../internal/output.js'
import { createProgress } from '../internal/progress.js'
import { loadProjectConfig } from '../internal/project-config.js'
import { renderDoctorJson } from '../render-doctor-json.js'
import { renderDoctorText } from '../render-doctor-text.js'
import { runDoctor } from '../run-doctor.js'

/** `contracttool doctor`: checks specs the way the runtime loader and validator will read them. */
export class DoctorCommand extends BaseCommand {
  static override paths = [['doctor']]

  static override usage = Command.Usage({
    description: 'Check OpenAPI specs the way contract tests will read them.',
    details: `
      Loads each spec exactly as the runtime loader does, validates its structure against the OpenAPI schema (3.0 and 3.1 with @readme/openapi-parser, 3.2 with contracttool's own checks), and reports what would make validation fail, pass silently or skip: unsupported versions and dialects, unresolvable or escaping \`$ref\`s, shadowed spec files, malformed response keys and nodes, reserved header parameters, duplicate or undeclared path placeholders, operations without responses, undefined or unenforced security schemes, discriminator mappings that do not resolve, unknown formats, non-JSON schemas and duplicate operationIds.

      Without \`--spec\`, checks the specs a \`contracttool.config.*\` in the working directory names (\`specBasePath\` and \`specs\`, the files the tests load), with its \`stripPrefixes\` unless \`--strip-prefix\` is given.

      Never reaches the network unless \`--allow-remote-refs\` names the hosts with \`--remote-ref-host\`.

      Exit codes: 0 clean or warnings only, 1 any error, 2 usage error or a spec that cannot be read (missing, a folder, not a regular file).
    `,
    examples: [
      ['Check one spec', '$0 doctor --spec=openapi.yaml'],
      [
        'Check two specs and print JSON',
        '$0 doctor --spec=openapi/public.yaml --spec=openapi/admin.json --format=json',
      ],
      ['Check the specs contracttool.config.* names', '$0 doctor'],
      [
        'Check that requests stripped of /api still match',
        '$0 doctor --spec=openapi.yaml --strip-prefix=/api',
      ],
    ],
  })

  protected readonly errorPrefix = '[OpenAPI Doctor]'

  specs = Option.Array('--spec', {
    description: 'Spec file (.json, .yaml, .yml); repeatable, or comma-separated',
  })
  format = Option.String('--format', { description: 'Output: text (default) or json' })
  stripPrefixes = Option.Array('--strip-prefix', {
    description: 'A prefix the test run strips from request paths; repeatable',
  })
  allowRemoteRefs = Option.Boolean('--allow-remote-refs', false, {
    description: 'Allow http(s) $refs to the hosts given with --remote-ref-host',
  })
  remoteRefHosts = Option.Array('--remote-ref-host', {
    description: 'A host remote $refs may load from; repeatable',
  })
  remoteRefMaxBytes = Option.String('--remote-ref-max-bytes', {
    description: 'Largest remote document accepted, in bytes (default 10 MiB)',
  })
  remoteRefTimeout = Option.String('--remote-ref-timeout', {
    description: 'Longest wait for one remote document, in milliseconds (default 30000)',
  })

  protected async run(): Promise<number> {
    const format = this.format ?? 'text'
    if (format !== 'text' && format !== 'json')
      return this.usage(`--format must be text or json, got '${format}'.`)
    const hosts = splitList(this.remoteRefHosts)
    if (this.allowRemoteRefs && hosts.length === 0) {
      return this.usage('--allow-remote-refs needs at least one --remote-ref-host=<host>.')
    }
    if (!this.allowRemoteRefs && hosts.length > 0)
      return this.usage('--remote-ref-host needs --allow-remote-refs.')
    let maxBytes: number | undefined
    if (this.remoteRefMaxBytes !== undefined) {
      maxBytes = Number(this.remoteRefMaxBytes)
      if (!/^\d+$/.test(this.remoteRefMaxBytes) || !Number.isSafeInteger(maxBytes) || maxBytes < 1) {
        return this.usage(
          `--remote-ref-max-bytes must be a positive integer, got '${this.remoteRefMaxBytes}'.`,
        )
      }
    }
    let timeoutMs: number | undefined
    if (this.remoteRefTimeout !== undefined) {
      timeoutMs = Number(this.remoteRefTimeout)
      if (!/^\d+$/.test(this.remoteRefTimeout) || timeoutMs < 1 || timeoutMs > 2 ** 31 - 1) {
        return this.usage(
          `--remote-ref-timeout must be a whole number of milliseconds from 1 to 2147483647, got '${this.remoteRefTimeout}'.`,
        )
      }
    }
    const remoteRefs: RemoteRefOptions | undefined = this.allowRemoteRefs
      ? { allowedHosts: hosts, maxBytes, timeoutMs }
      : undefined
    // Flags are checked first: nothing is read before they are known to be valid.
    let specs = splitList(this.specs)
    let stripPrefixes = splitList(this.stripPrefixes)
    let checkedFormats: string[] = []
    if (specs.length === 0 || stripPrefixes.length === 0) {
      const config = await loadProjectConfig(this.context.cwd, this.context.env)
      checkedFormats = await this.checkedFormats(config?.options)
      if (stripPrefixes.length === 0) stripPrefixes = [...(config?.options.stripPrefixes ?? [])]
      if (specs.length === 0) {
        // The files the runtime loader picks for these names; a name it cannot find stops here (exit 2).
        const { names, findFile } = configuredSpecs(config, this.context.cwd)
        specs = names.map(findFile)
      }
    }
    const progress = createProgress(this.context.stderr, 'contracttool doctor')
    const report = await runDoctor(specs, {
      cwd: this.context.cwd,
      stripPrefixes,
      checkedFormats,
      remoteRefs,
      onProgress: ({ index, total, step }) => progress.update(index + 1, total, `${specs[index]}: ${step}`),
    })
    progress.done()
    this.write(
      format === 'json'
        ? renderDoctorJson(report)
        : renderDoctorText(report, { color: wantsColor(this.context.stdout, this.context.env) }),
    )
    // A spec that is missing, a folder or unreadable is unreadable input (exit 2), as for every command;
    // the report still names it beside the findings of the specs that were read.
    if (report.issues.some((issue) => issue.category === 'io')) return 2
    return report.status === 'error' ? 1 : 0
  }

  /**
   * The names of the formats the run checks (`formats`, inline or in its module). A module this process
   * cannot import (TypeScript outside a runner that compiles it) is named in a NOTE; its formats are then
   * reported as unknown.
   */
  private async checkedFormats(
    options: Parameters<typeof withFormatsModule>[0] | undefined,
  ): Promise<string[]> {
    if (options === undefined) return []
    try {
      return Object.keys((await withFormatsModule(options)).formats)
    } catch (error) {
      const reason =
        error instanceof Error ? error.message.replace(/^FATAL: \[contracttool\] /, '') : String(error)
      this.note(
        `[contracttool] NOTE: ${terminalText(reason)}; the formats it checks are reported as unknown below.`,
      )
      return Object.keys(options.formats)
    }
  }
}

/** Repeated flags and comma-separated values alike. */
export function splitList(values: readonly string[] | undefined): string[] {
  return (values ?? [])
    .flatMap((value) => value.split(','))
    .map((value) => value.trim())
    .filter((value) => value !== '')
}
