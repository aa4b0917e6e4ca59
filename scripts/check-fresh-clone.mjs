#!/usr/bin/env node
// The README's two commands on a clean clone, as a new user runs them on a machine without a browser.
// Usage: node scripts/check-fresh-clone.mjs [1|2 ...] [--from <git dir or URL>] [--keep]
// Clones the committed HEAD of this repository (or --from) into a new temporary directory, hides every
// browser from PATH and gives the run its own TMPDIR, then runs the commands (both by default) exactly as
// the README's first code block writes them, one after the other, timing each with the load average beside
// it. Fails (exit 1) when a command fails, when the HTML report's browser test did not run and pass, or when
// the browser it drove is not the one unpacked from the `@sparticuz/chromium` package in the clone.
import { spawn } from 'node:child_process'
import {
  accessSync,
  constants,
  createWriteStream,
  existsSync,
  mkdtempSync,
  readFileSync,
  rmSync,
} from 'node:fs'
import { loadavg, tmpdir } from 'node:os'
import { delimiter, join, resolve } from 'node:path'
import { stripVTControlCharacters } from 'node:util'

const root = resolve(import.meta.dirname, '..')
const args = process.argv.slice(2)
const keep = args.includes('--keep')
const fromIndex = args.indexOf('--from')
const from = fromIndex === -1 ? root : args[fromIndex + 1]
const wanted = args.filter((arg, i) => /^[12]$/.test(arg) && args[i - 1] !== '--from')
const numbers = wanted.length > 0 ? wanted.map(Number) : [1, 2]
if (from === undefined || args.some((arg) => arg.startsWith('--') && !['--keep', '--from'].includes(arg))) {
  console.error('usage: check-fresh-clone.mjs [1|2 ...] [--from <git dir or URL>] [--keep]')
  process.exit(2)
}

/** The README's commands: the lines after `# 1.` and `# 2.` in its first `sh` block. */
function readmeCommands() {
  const block = /```sh\n([\s\S]*?)```/.exec(readFileSync(join(root, 'README.md'), 'utf8'))?.[1] ?? ''
  const commands = new Map()
  let number
  for (const line of block.split('\n')) {
    const heading = /^# ([12])\./.exec(line)
    if (heading) number = Number(heading[1])
    else if (line.trim() !== '' && number !== undefined && !commands.has(number)) commands.set(number, line)
  }
  if (!commands.has(1) || !commands.has(2)) {
    console.error('check-fresh-clone: README.md has no first sh block with commands "# 1." and "# 2."')
    process.exit(2)
  }
  return commands
}

const BROWSERS = ['chromium', 'chromium-browser', 'google-chrome', 'google-chrome-stable', 'chrome']
const isExecutable = (path) => {
  try {
    accessSync(path, constants.X_OK)
    return true
  } catch {
    return false
  }
}
const hidden = []
const path = (process.env.PATH ?? '')
  .split(delimiter)
  .filter((dir) => {
    const browser = BROWSERS.find((name) => isExecutable(join(dir, name)))
    if (browser !== undefined) hidden.push(join(dir, browser))
    return browser === undefined
  })
  .join(delimiter)

const work = mkdtempSync(join(tmpdir(), 'contracttool-fresh-'))
const clone = join(work, 'repo')
const runTmp = join(work, 'tmp')
const env = { ...process.env, PATH: path, TMPDIR: runTmp, TURBO_TELEMETRY_DISABLED: '1' }
delete env.CI

function run(command, cwd, logFile) {
  return new Promise((done) => {
    const child = spawn('bash', ['-c', command], { cwd, env, stdio: ['ignore', 'pipe', 'pipe'] })
    const log = logFile === undefined ? undefined : createWriteStream(logFile)
    let output = ''
    for (const stream of [child.stdout, child.stderr]) {
      stream.on('data', (chunk) => {
        output += chunk
        log?.write(chunk)
      })
    }
    child.on('close', (code) => {
      log?.end()
      done({ code, output })
    })
  })
}

const load = () =>
  loadavg()
    .map((n) => n.toFixed(2))
    .join(' ')
const commands = readmeCommands()
const problems = []
const results = []
try {
  await run(`mkdir -p ${JSON.stringify(runTmp)}`, work)
  const cloned = await run(`git clone --quiet ${JSON.stringify(from)} ${JSON.stringify(clone)}`, work)
  if (cloned.code !== 0) throw new Error(`git clone of ${from} failed:\n${cloned.output}`)
  const head = (await run('git log -1 --format="%h %s"', clone)).output.trim()
  console.log(`clone of ${from} at ${head} in ${clone}`)
  console.log(`browsers hidden from PATH: ${hidden.length === 0 ? 'none found' : hidden.join(', ')}`)
  console.log(
    `/usr/bin/chromium ${existsSync('/usr/bin/chromium') ? 'exists (not on PATH)' : 'does not exist'}`,
  )
  for (const number of numbers) {
    const command = commands.get(number)
    const before = load()
    const started = performance.now()
    const logFile = join(work, `command-${number}.log`)
    const { code, output } = await run(command, clone, logFile)
    const seconds = (performance.now() - started) / 1000
    results.push(`command ${number}: exit ${code}, ${seconds.toFixed(1)} s wall, load ${before} -> ${load()}`)
    console.log(results.at(-1))
    if (code !== 0) {
      const tail = output.trimEnd().split('\n').slice(-30).join('\n    ')
      problems.push(`command ${number} exited ${code}: ${command}\n  log: ${logFile}, ending:\n    ${tail}`)
    }
    if (number === 2) {
      // Vitest marks a file whose tests all passed with ✓ and its test count.
      const plain = stripVTControlCharacters(output)
      if (!/✓.*src\/render-html\.browser\.test\.ts.*\(\d+ tests?\)/.test(plain)) {
        problems.push('command 2 did not run and pass packages/coverage/src/render-html.browser.test.ts')
      }
      const unpacked = join(clone, 'packages/coverage/node_modules/.cache')
      if (!existsSync(unpacked) || !(await run('ls', unpacked)).output.includes('chromium-')) {
        problems.push(`no Chromium was unpacked from @sparticuz/chromium under ${unpacked}`)
      }
    }
  }
} catch (error) {
  problems.push(String(error instanceof Error ? error.message : error))
} finally {
  // A failed run keeps its clone and logs to look at.
  if (!keep && problems.length === 0) rmSync(work, { recursive: true, force: true })
}

if (problems.length > 0) {
  console.error(`\nFresh-clone check failed (clone and logs kept in ${work}):\n- ${problems.join('\n- ')}`)
  process.exit(1)
}
console.log(`\nFresh-clone check passed${keep ? ` (kept in ${work})` : ''}:\n- ${results.join('\n- ')}`)
