// `require: ['@contracttool/mocha/register']` in `.mocharc.*` (or `mocha --require`): mocha loads this module in
// the process running mocha and in each `--parallel` worker, and reads its root hooks and global teardown.
import { type MochaPlugin, setUpMochaProcess } from './internal/set-up-mocha.js'

const plugin = setUpMochaProcess()

/** Mocha's root hook plugin: waits for the specs, hands each file's observations over in `--parallel` workers. */
export const mochaHooks: MochaPlugin['mochaHooks'] = plugin.mochaHooks

/** Mocha's global setup fixture: the directory through which `--parallel` workers hand their observations over. */
export const mochaGlobalSetup: MochaPlugin['mochaGlobalSetup'] = plugin.mochaGlobalSetup

/** Mocha's global teardown fixture: the coverage report, the reports asked for, the gates and the exit code. */
export const mochaGlobalTeardown: MochaPlugin['mochaGlobalTeardown'] = plugin.mochaGlobalTeardown
