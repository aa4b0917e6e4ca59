import { markdownCode, terminalText } from '@contracttool/kernel/internal'
import type { SpecPatchOperation, SpecPatchResponse, SpecPatchResult } from './compute-spec-patch-coverage.js'
import { plural } from './internal/format.js'
import { pushAll } from './internal/push-all.js'
import { ANY_CONTENT_TYPE } from './types.js'

function describeResponse(response: SpecPatchResponse): string {
  return response.contentTypeKey === ANY_CONTENT_TYPE
    ? `${response.statusKey} (no content)`
    : `${response.statusKey} ${response.contentTypeKey}`
}

function verdictText(response: SpecPatchResponse): string {
  return response.verdict === 'removed' ? 'removed (not testable)' : response.verdict
}

function summary(result: SpecPatchResult): string {
  const failing = result.failingResponseCount
  if (failing === 0) return 'All changed responses are covered.'
  const checkFailed = result.operations.some((operation) =>
    operation.responses.some((response) => response.verdict === 'CHECK FAILED'),
  )
  return `${failing} changed ${plural(failing, 'response is', 'responses are')} not covered by ${checkFailed ? 'a passing' : 'any'} test.`
}

/**
 * The spec-patch gate report for a terminal:
 * `[contracttool] <n> operation(s) changed against the base spec:`, one block per operation with its
 * responses (`covered`, `CHECK FAILED`, `UNCOVERED`, `SKIPPED`, `removed (not testable)`), then the verdict line.
 *
 * @example
 * process.stdout.write(renderSpecPatchText(computeSpecPatchCoverage(base, proposed, coverage, { specName })))
 */
export function renderSpecPatchText(result: SpecPatchResult): string {
  if (result.operations.length === 0) return '[contracttool] No operation changed against the base spec.\n'
  const count = result.changedOperationCount
  const width = Math.max(
    0,
    ...result.operations.flatMap((operation) =>
      operation.responses.map((response) => terminalText(describeResponse(response)).length),
    ),
  )
  const lines = [`[contracttool] ${count} ${plural(count, 'operation')} changed against the base spec:`, '']
  for (const operation of result.operations) {
    if (operation.change === 'removed') {
      lines.push(`  ${terminalText(operation.endpoint)}    removed from the spec (not testable)`)
      continue
    }
    lines.push(`  ${terminalText(operation.endpoint)}`)
    for (const response of operation.responses) {
      lines.push(`    ${terminalText(describeResponse(response)).padEnd(width)}    ${verdictText(response)}`)
    }
  }
  lines.push('', summary(result))
  return `${lines.join('\n')}\n`
}

function operationRows(operation: SpecPatchOperation): string[] {
  const endpoint = markdownCode(operation.endpoint)
  if (operation.responses.length === 0) return [`| ${endpoint} | ${operation.change} | — | — |`]
  return operation.responses.map(
    (response) =>
      `| ${endpoint} | ${operation.change} | ${markdownCode(describeResponse(response))} | ${verdictText(response)} |`,
  )
}

/**
 * The spec-patch gate report as Markdown, for `$GITHUB_STEP_SUMMARY` or a pull-request comment.
 *
 * @example
 * appendStepSummary(renderSpecPatchMarkdown(result), process.env)
 */
export function renderSpecPatchMarkdown(result: SpecPatchResult): string {
  const lines = ['### contracttool spec patch coverage', '']
  if (result.operations.length === 0) {
    lines.push('No operation changed against the base spec.')
    return `${lines.join('\n')}\n`
  }
  lines.push(result.failingResponseCount === 0 ? summary(result) : `**${summary(result)}**`, '')
  lines.push('| Operation | Change | Response | Coverage |', '| --- | --- | --- | --- |')
  for (const operation of result.operations) pushAll(lines, operationRows(operation))
  return `${lines.join('\n')}\n`
}
