import { basename, extname } from 'node:path'
import {
  computeSpecPatchCoverage,
  renderSpecPatchMarkdown,
  renderSpecPatchText,
} from '@contracttool/coverage'
import { Command, Option } from 'clipanion'
import { BaseCommand } from '../internal/base-command.js'
import { loadSpecArgument } from '../internal/load-spec-argument.js'
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
    ],
  })

  protected readonly errorPrefix = '[contracttool]'

  baseSpec = Option.String('--base-spec', { description: 'The spec of the base revision; required' })
  spec = Option.String('--spec', { description: 'The proposed spec; required' })
  coverage = Option.String('--coverage', {
    description: 'Coverage JSON (schema_version 3) of a run on the proposed spec; required',
  })
  specName = Option.String('--spec-name', {
    description: 'Spec name in the coverage JSON (default: file name of --spec)',
  })
  format = Option.String('--format', { description: 'text (default) or markdown' })

  protected async run(): Promise<number> {
    for (const [flag, value] of [
      ['--base-spec', this.baseSpec],
      ['--spec', this.spec],
      ['--coverage', this.coverage],
    ] as const) {
      if (value === undefined || value === '') return this.usage(`${flag}=<path> is required.`)
    }
    const format = this.format ?? 'text'
    if (format !== 'text' && format !== 'markdown')
      return this.usage(`--format must be text or markdown, got '${format}'.`)
    const base = await loadSpecArgument('--base-spec', this.baseSpec ?? '', this.context.cwd)
    const proposed = await loadSpecArgument('--spec', this.spec ?? '', this.context.cwd)
    const coverage = readCoverageFile(this.coverage ?? '', this.context.cwd)
    const specName = this.specName ?? basename(this.spec ?? '', extname(this.spec ?? ''))
    const result = computeSpecPatchCoverage(base, proposed, coverage, { specName })
    this.context.stdout.write(
      format === 'markdown' ? renderSpecPatchMarkdown(result) : renderSpecPatchText(result),
    )
    return result.exitCode
  }
}
