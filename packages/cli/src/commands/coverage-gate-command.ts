import { basename, extname, relative } from 'node:path'
import {
  computeSpecPatchCoverage,
  renderSpecPatchMarkdown,
  renderSpecPatchText,
} from '@contracttool/coverage'
import { Command, Option } from 'clipanion'
import { BaseCommand } from '../internal/base-command.js'
import { specSource } from '../internal/configured-spec.js'
import { loadSpecArgument } from '../internal/load-spec-argument.js'
import { loadProjectConfig } from '../internal/project-config.js'
import { readCoverageFile } from '../internal/read-coverage-file.js'

/**
 * `contracttool coverage:gate`: fails when a response the proposed spec adds or changes against the base
 * spec is not validated in the coverage JSON.
 */
export class CoverageGateCommand extends BaseCommand {
  static override paths = [['coverage:gate']]

  static override usage = Command.Usage({
    description: 'Fail when a response added or changed against the base spec is not covered.',
    details: `
      Compares the proposed spec with the base revision operation by operation (resolved responses, effective parameters, servers and security) and checks that every added or changed response is \`validated\` in the coverage JSON (schema_version 3). A skipped row counts as not covered; removed responses are listed but never fail. Only GET, POST, PUT, PATCH, DELETE, QUERY and OpenAPI 3.2 \`additionalOperations\` are compared.

      Without \`--spec\`, the proposed spec is the one a \`contracttool.config.*\` in the working directory names (\`--spec-name\`, else its \`defaultSpec\`, else its only entry in \`specs\`, read from \`specBasePath\`), and without \`--coverage\` the coverage JSON is its \`jsonOutput\`.

      Exit codes: 0 every changed response is covered, 1 some are not, 2 usage error or unreadable input.
    `,
    examples: [
      [
        'Gate a pull request on the coverage of what it changed',
        '$0 coverage:gate --base-spec=base/openapi.yaml --spec=openapi.yaml --coverage=reports/coverage.json',
      ],
      [
        'Markdown for the job summary',
        '$0 coverage:gate --base-spec=base/openapi.yaml --spec=openapi.yaml --coverage=reports/coverage.json --format=markdown',
      ],
      [
        "Gate the config's default spec on the coverage JSON its test run wrote",
        '$0 coverage:gate --base-spec=base/openapi.yaml',
      ],
    ],
  })

  protected readonly errorPrefix = '[contracttool]'

  baseSpec = Option.String('--base-spec', { description: 'The spec of the base revision; required' })
  spec = Option.String('--spec', {
    description: 'The proposed spec; default: the one contracttool.config.* names',
  })
  coverage = Option.String('--coverage', {
    description:
      'Coverage JSON (schema_version 3) of a run on the proposed spec; default: jsonOutput of contracttool.config.*',
  })
  specName = Option.String('--spec-name', {
    description:
      'Spec name in the coverage JSON (default: file name of --spec); without --spec, the configured spec to gate',
  })
  format = Option.String('--format', { description: 'text (default) or markdown' })

  protected async run(): Promise<number> {
    if (this.baseSpec === undefined || this.baseSpec === '')
      return this.usage('--base-spec=<path> is required.')
    for (const [flag, value] of [
      ['--spec', this.spec],
      ['--coverage', this.coverage],
    ] as const) {
      if (value === '') return this.usage(`${flag} must not be empty.`)
    }
    const format = this.format ?? 'text'
    if (format !== 'text' && format !== 'markdown')
      return this.usage(`--format must be text or markdown, got '${format}'.`)
    const cwd = this.context.cwd
    const source = await specSource(cwd, this.context.env, this.spec, this.specName)
    const configured = source.configured
    let coverageFile = this.coverage
    let coverageSource: Parameters<typeof readCoverageFile>[2]
    if (coverageFile === undefined) {
      // The coverage JSON the configured test run writes, when the config names it.
      const config = configured?.config ?? (await loadProjectConfig(cwd, this.context.env))
      const jsonOutput = config?.options.jsonOutput
      coverageFile = jsonOutput === undefined ? undefined : relative(cwd, jsonOutput)
      if (config === undefined || coverageFile === undefined) {
        return this.usage(
          config === undefined
            ? '--coverage=<path> is required.'
            : `--coverage=<path> is required: ${config.source} names no jsonOutput.`,
        )
      }
      coverageSource = {
        label: `jsonOutput=${coverageFile} (${config.source})`,
        missing: ' Run the tests first, or pass --coverage=<path>.',
      }
    }
    const base = await loadSpecArgument('--base-spec', this.baseSpec, cwd)
    const proposed = await loadSpecArgument(source.flag, source.path, cwd)
    const coverage = readCoverageFile(coverageFile, cwd, coverageSource)
    const specName = configured?.name ?? this.specName ?? basename(this.spec ?? '', extname(this.spec ?? ''))
    const result = computeSpecPatchCoverage(base, proposed, coverage, { specName })
    this.write(format === 'markdown' ? renderSpecPatchMarkdown(result) : renderSpecPatchText(result))
    return result.exitCode
  }
}
