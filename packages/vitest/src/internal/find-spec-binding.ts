/** Task meta key under which `openApiSpec()` stores the spec name of a file or `describe` block. */
export const SPEC_BINDING_KEY = 'contracttoolSpec'

interface TaskLike {
  readonly meta?: object
  readonly suite?: TaskLike | undefined
  readonly file?: TaskLike | undefined
}

/**
 * The spec bound by the nearest `openApiSpec()` around a test: the innermost `describe` first, then the file.
 */
export function findSpecBinding(task: TaskLike | undefined): string | undefined {
  for (let suite = task?.suite; suite !== undefined; suite = suite.suite) {
    const name = bindingOf(suite)
    if (name !== undefined) return name
  }
  return task?.file === undefined ? undefined : bindingOf(task.file)
}

function bindingOf(task: TaskLike): string | undefined {
  const value = (task.meta as Record<string, unknown> | undefined)?.[SPEC_BINDING_KEY]
  return typeof value === 'string' ? value : undefined
}
