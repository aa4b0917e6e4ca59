/**
 * The one-line stderr NOTE printed instead of evaluating the strict-required gate on a partial run (Vitest
 * name or file filters, `--project`, `--changed`, `--related`, a single `--shard`): a subset of the suite
 * cannot prove that a field is always present.
 *
 * @example
 * if (isPartialRun) process.stderr.write(`${describeStrictRequiredPartialRun()}\n`)
 */
export function describeStrictRequiredPartialRun(): string {
  return (
    '[OpenAPI Strict Required] NOTE: strict_required is skipped on partial runs (vitest -t / file filters / ' +
    '--project / --changed / --related / --shard) because the intersection requires the full suite to be ' +
    'reliable. Run without filters to evaluate the gate, or merge every shard with contracttool coverage:merge.'
  )
}
