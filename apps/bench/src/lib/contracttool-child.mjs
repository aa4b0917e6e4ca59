// The built `contracttool` command run as a user runs it, in a child process the case times: wall time from
// spawn to exit, and the child's peak RSS from a preload (rss-probe.mjs) that writes it on exit.
import { spawn } from 'node:child_process'
import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { dirname, join } from 'node:path'
import { now } from './child.mjs'

const require = createRequire(import.meta.url)
const RSS_PROBE = new URL('./rss-probe.mjs', import.meta.url).href

function childEnv(extra) {
  const env = { ...process.env, ...extra }
  // A CI job's step summary, console mode or sidecar directory must not leak into the measured run.
  for (const key of Object.keys(env)) {
    if (key === 'GITHUB_STEP_SUMMARY' || key.startsWith('CONTRACTTOOL_')) delete env[key]
  }
  return env
}

/**
 * Runs `contracttool <args>` in `root` (where its peak RSS is written); resolves with its exit code, the last
 * `stdoutBytes` of its stdout (a long failure list is not kept whole), the end of its stderr, the wall time
 * and the peak RSS in MiB (undefined when the probe wrote none).
 */
export async function runContracttool(args, { root, stdoutBytes = Number.POSITIVE_INFINITY }) {
  const pkg = require('contracttool/package.json')
  const bin = join(dirname(require.resolve('contracttool/package.json')), pkg.bin.contracttool)
  const rssFile = join(root, 'rss')
  const start = now()
  const { code, stdout, stderr } = await new Promise((resolve) => {
    const child = spawn(process.execPath, ['--import', RSS_PROBE, bin, ...args], {
      cwd: root,
      stdio: ['ignore', 'pipe', 'pipe'],
      env: childEnv({ BENCH_RSS_FILE: rssFile }),
    })
    let out = ''
    let err = ''
    child.stdout.on('data', (chunk) => {
      out += chunk
      if (out.length > stdoutBytes) out = out.slice(-stdoutBytes)
    })
    child.stderr.on('data', (chunk) => {
      err = (err + chunk).slice(-4000)
    })
    child.on('close', (exitCode) => resolve({ code: exitCode, stdout: out, stderr: err }))
  })
  const ms = now() - start
  let peakRssMB
  try {
    peakRssMB = Number(readFileSync(rssFile, 'utf8'))
  } catch {
    peakRssMB = undefined
  }
  return { code, stdout, stderr, ms, peakRssMB }
}

/** The last line a failed run printed on stderr, else its exit code. */
export function lastError({ code, stderr }) {
  return stderr.trim().split('\n').filter(Boolean).pop() ?? `exit code ${code}`
}
