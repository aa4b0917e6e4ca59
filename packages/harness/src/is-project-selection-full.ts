/**
 * Whether a project selection (`--project` in Vitest, `--selectProjects` in Jest) still counts as the full
 * suite under `treatProjectFilterAsFull`: `true` for any selection, a list for exactly that set of projects.
 *
 * @example
 * isProjectSelectionFull(['api', 'web'], ['web', 'api']) // true
 */
export function isProjectSelectionFull(
  runningProjects: readonly string[],
  treatProjectFilterAsFull: boolean | readonly string[],
): boolean {
  if (treatProjectFilterAsFull === true) return true
  if (treatProjectFilterAsFull === false) return false
  const running = [...runningProjects].sort()
  const declared = [...treatProjectFilterAsFull].sort()
  return running.length === declared.length && running.every((name, i) => name === declared[i])
}
