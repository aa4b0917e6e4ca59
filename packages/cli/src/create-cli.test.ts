import { PassThrough } from 'node:stream'
import { specsDir } from '@contracttool/fixtures'
import { describe, expect, it } from 'vitest'
import { runCaptured } from '../test/run-captured.test-kit.js'
import { createCli } from './create-cli.js'
import { toolVersion } from './internal/tool-version.js'
import { runCli } from './run-cli.js'

const run = (...argv: string[]) =>
  runCaptured(argv, { cwd: specsDir, replace: { '<version>': toolVersion() } })

/** A captured stream that claims to be a terminal. */
function terminal(): { stream: PassThrough; text: () => string } {
  const stream = Object.assign(new PassThrough(), { isTTY: true, columns: 120 })
  const chunks: Buffer[] = []
  stream.on('data', (chunk: Buffer) => chunks.push(chunk))
  return { stream, text: () => Buffer.concat(chunks).toString('utf8') }
}

describe('contracttool', () => {
  it('prints its version', async () => {
    const result = await run('--version')
    expect(result).toEqual({ code: 0, stdout: '<version>\n', stderr: '' })
  })

  it('lists every command in --help', async () => {
    const result = await run('--help')
    expect(result.code).toBe(0)
    for (const command of ['doctor', 'stubs', 'coverage:merge', 'coverage:gate', 'traffic']) {
      expect(result.stdout).toContain(`contracttool ${command}`)
    }
    expect(result.stdout).not.toContain('\u001b[')
  })

  it.each(['doctor', 'stubs', 'coverage:merge', 'coverage:gate', 'traffic'])(
    'documents %s with examples in --help',
    async (command) => {
      const result = await run(command, '--help')
      expect(result.code).toBe(0)
      expect(result.stderr).toBe('')
      expect(result.stdout).toContain('\nExamples\n')
      expect(result.stdout).toContain(`$ contracttool ${command} --`)
      expect(result.stdout).toContain('Exit codes:')
    },
  )

  it('names option values in --help, and the default-on --cleanup as --no-cleanup', async () => {
    const doctor = await run('doctor', '--help')
    expect(doctor.stdout).toContain('  --spec=<path>  ')
    expect((await run()).stderr).toContain('[--spec=<path>]')
    const merge = await run('coverage:merge', '--help')
    expect(merge.stdout).toContain('--sidecar-dir=<dir>')
    expect(merge.stdout).toMatch(/\n {2}--no-cleanup +Delete the merged sidecars/)
    for (const text of [doctor.stdout, merge.stdout, (await run()).stderr])
      expect(text).not.toMatch(/#0|\[--cleanup\]/)
  })

  it('prints the overview on stderr with exit 2 when no command is given', async () => {
    const result = await run()
    expect(result.code).toBe(2)
    expect(result.stdout).toBe('')
    expect(result.stderr).toContain('contracttool doctor')
  })

  it.each([
    {
      argv: ['frobnicate'],
      message:
        'Unknown command "frobnicate". Commands: doctor, stubs, coverage:merge, coverage:gate, traffic (contracttool --help).\n',
    },
    { argv: ['doctr'], message: 'Unknown command "doctr". Did you mean "contracttool doctor"?\n' },
    { argv: ['stub', '--all'], message: 'Unknown command "stub". Did you mean "contracttool stubs"?\n' },
    {
      argv: ['coverage:marge'],
      message: 'Unknown command "coverage:marge". Did you mean "contracttool coverage:merge"?\n',
    },
    { argv: ['doctor', 'extra'], message: 'Extraneous positional argument ("extra")' },
    {
      argv: ['doctor', '--bogus'],
      message: 'Unknown option "--bogus" for contracttool doctor. Options: --spec, --format,',
    },
    {
      argv: ['doctor', '--sepc=openapi.yaml'],
      message: 'Unknown option "--sepc" for contracttool doctor. Did you mean "--spec"? Options: --spec,',
    },
    {
      argv: ['coverage:merge', '--no-cleanup', '--sidecar-dri=x'],
      message:
        'Unknown option "--sidecar-dri" for contracttool coverage:merge. Did you mean "--sidecar-dir"?',
    },
  ])('reports $argv on stderr with exit 2', async ({ argv, message }) => {
    const result = await run(...argv)
    expect(result.code).toBe(2)
    expect(result.stdout).toBe('')
    expect(result.stderr).toContain(message)
  })

  it('colours output on a terminal, never with NO_COLOR, and shows progress on a terminal stderr only', async () => {
    const coloured = terminal()
    const progress = terminal()
    await runCli(['doctor', '--spec=petstore-3.0.yaml'], {
      stdout: coloured.stream,
      stderr: progress.stream,
      env: {},
      cwd: specsDir,
    })
    expect(coloured.text()).toContain('\u001b[')
    expect(progress.text()).toContain(
      '\r\u001b[2Kcontracttool doctor 1/1 petstore-3.0.yaml: validating structure',
    )
    expect(progress.text().endsWith('\r\u001b[2K')).toBe(true)

    const plain = terminal()
    await runCli(['doctor', '--spec=petstore-3.0.yaml'], {
      stdout: plain.stream,
      stderr: new PassThrough(),
      env: { NO_COLOR: '1' },
      cwd: specsDir,
    })
    expect(plain.text()).not.toContain('\u001b[')
  })

  it('runs in process through clipanion', async () => {
    const stdout = new PassThrough()
    const chunks: Buffer[] = []
    stdout.on('data', (chunk: Buffer) => chunks.push(chunk))
    const code = await createCli().run(['--version'], { stdout, stderr: new PassThrough(), cwd: specsDir })
    expect(code).toBe(0)
    expect(Buffer.concat(chunks).toString('utf8')).toBe(`${toolVersion()}\n`)
  })
})
