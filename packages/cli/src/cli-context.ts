import type { BaseContext } from 'clipanion'

/**
 * What a command run needs from its surroundings: clipanion's streams and environment plus the working
 * directory relative paths are resolved against (tests run commands in process without `chdir`).
 */
export interface CliContext extends BaseContext {
  readonly cwd: string
}
