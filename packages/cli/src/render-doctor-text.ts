import { terminalText } from '@contracttool/kernel/internal'
import type { DoctorIssue, DoctorReport } from './doctor-report.js'
import { type Paint, painter } from './internal/output.js'

export interface RenderDoctorTextOptions {
  /** ANSI colours (only for a terminal). Default false. */
  readonly color?: boolean | undefined
  /** Issues listed per severity before the rest are counted only. Default 50; 0 lists all. */
  readonly limit?: number | undefined
}

const GROUPS = [
  { severity: 'error', title: 'Errors', color: 'red' },
  { severity: 'warning', title: 'Warnings', color: 'yellow' },
  { severity: 'skipped', title: 'Skipped', color: 'cyan' },
] as const

/**
 * Renders a doctor report for people: a status line per spec, the issues grouped by severity with
 * counts, and a final verdict line.
 *
 * @example
 * process.stdout.write(renderDoctorText(await runDoctor(['openapi.yaml'])))
 */
export function renderDoctorText(report: DoctorReport, options: RenderDoctorTextOptions = {}): string {
  const paint = painter(options.color === true)
  const limit = options.limit ?? 50
  const lines: string[] = []
  const { summary } = report
  lines.push(`contracttool doctor ${report.tool.version}`)
  lines.push(`Specs: ${summary.specs} | Operations: ${summary.operations} | Responses: ${summary.responses}`)
  lines.push('')
  for (const spec of report.specs) {
    const own = report.issues.filter((issue) => issue.spec === spec.path)
    const status = own.some((i) => i.severity === 'error')
      ? paint('red', 'FAIL')
      : own.length > 0
        ? paint('yellow', 'WARN')
        : paint('green', 'OK  ')
    const detail = spec.loaded
      ? `OpenAPI ${terminalText(String(spec.openapi))}, ${count(spec.operations, 'operation')}, ${count(spec.responses, 'response')}${spec.structuralValidation === 'contracttool' ? ', structure checked by contracttool' : ''}`
      : 'not loaded'
    lines.push(`  ${status} ${terminalText(spec.path)} (${detail})`)
  }
  for (const group of GROUPS) {
    const issues = report.issues.filter((issue) => issue.severity === group.severity)
    if (issues.length === 0) continue
    lines.push('', paint(group.color, `${group.title} (${issues.length})`))
    const shown = limit > 0 ? issues.slice(0, limit) : issues
    for (const issue of shown) lines.push(...renderIssue(issue, paint, group.color))
    if (shown.length < issues.length) {
      lines.push(`  ... and ${issues.length - shown.length} more (--format=json lists every issue)`)
    }
  }
  lines.push('')
  lines.push(`Errors: ${summary.errors} | Warnings: ${summary.warnings} | Skipped: ${summary.skipped}`)
  lines.push(verdict(report, paint))
  return `${lines.join('\n')}\n`
}

// Issue text quotes the spec (names, keys, pointers): its control characters are escaped, so a spec
// cannot add lines (a GitHub Actions `::error::` command) or terminal sequences to the report.
function renderIssue(issue: DoctorIssue, paint: Paint, color: 'red' | 'yellow' | 'cyan'): string[] {
  const lines = [
    `  ${paint(color, `[${issue.category}]`)} ${terminalText(issue.spec)}: ${terminalText(issue.message)}`,
  ]
  if (issue.pointer !== null) lines.push(`    ${paint('dim', `at ${terminalText(issue.pointer)}`)}`)
  if (issue.suggestion !== null) lines.push(`    Fix: ${terminalText(issue.suggestion)}`)
  return lines
}

function verdict(report: DoctorReport, paint: Paint): string {
  const { errors, warnings, skipped } = report.summary
  if (report.status === 'error') {
    return `Verdict: ${paint('red', 'FAILED')}: ${errors} error${errors === 1 ? '' : 's'} would make contract validation fail or misread the spec.`
  }
  if (report.status === 'warning') {
    const parts = [
      ...(warnings > 0 ? [`${warnings} warning${warnings === 1 ? '' : 's'}`] : []),
      ...(skipped > 0 ? [`${skipped} feature${skipped === 1 ? '' : 's'} not enforced`] : []),
    ]
    return `Verdict: ${paint('yellow', 'COMPATIBLE')} with ${parts.join(' and ')}: contract tests run, with the gaps listed above.`
  }
  return `Verdict: ${paint('green', 'COMPATIBLE')}: contracttool reads the spec${report.specs.length === 1 ? '' : 's'} as written.`
}

function count(n: number, noun: string): string {
  return `${n} ${noun}${n === 1 ? '' : 's'}`
}
