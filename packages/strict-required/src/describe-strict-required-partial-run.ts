/**
 * The one-line stderr NOTE printed instead of evaluating the strict-required gate on a partial run: a subset
 * of the suite cannot prove that a field is always present. `reasons` are the runner's own words for what
 * made the run partial (`-t/--testNamePattern`, `--selectProjects api`, `--test-name-pattern=pets`); without
 * them, the Vitest filters are listed.
 *
 * @example
 * if (reasons.length > 0) process.stderr.write(`${describeStrictRequiredPartialRun(reasons)}\n`)
 */
export function describeStrictRequiredPartialRun(reasons: readonly string[] = []): string {
  const listed =
    reasons.length === 0
      ? 'vitest -t / file filters / --project / --changed / --related / --shard'
      : reasons.join(', ')
  return (
    `[OpenAPI Strict Required] NOTE: strict_required is skipped on partial runs (${listed}) because the ` +
    'intersection requires the full suite to be reliable. Run without filters to evaluate the gate, or merge ' +
    'every shard with contracttool coverage:merge.'
  )
}
