#!/usr/bin/env node
// The root README's output examples, taken from real runs of the built packages (run `pnpm build` first).
// Usage: node scripts/readme-examples.mjs [--write]
// Each example is the code block after a `<!-- example: <name> -->` line. Without --write the script fails
// (exit 1) when a block differs from what the run prints now; with --write it replaces the blocks.
//   failure   what a failing `toMatchOpenApiSchema()` names first: the demo's spec, checked against a real
//             HTTP response (a loopback server answering GET /pets/1 with a pet that breaks the schema)
//   coverage  the summary lines the demo (`pnpm demo`) prints at the end of its run
import { execFileSync } from 'node:child_process'
import { readFileSync, writeFileSync } from 'node:fs'
import { createServer } from 'node:http'
import { join, resolve } from 'node:path'
import { pathToFileURL } from 'node:url'
import { stripVTControlCharacters } from 'node:util'

const root = resolve(import.meta.dirname, '..')
const readmePath = join(root, 'README.md')
const write = process.argv.includes('--write')
const built = (name) => import(pathToFileURL(join(root, 'packages', name, 'dist/index.js')).href)

async function failureExample() {
  const { loadSpec } = await built('spec-loader')
  const { validateResponse } = await built('validator')
  const spec = await loadSpec('petstore', { basePath: join(root, 'apps/petstore-express/openapi') })
  const server = createServer((_request, response) => {
    response.setHeader('content-type', 'application/json')
    response.end(JSON.stringify({ id: 1, name: 42, kind: 'hamster' }))
  })
  await new Promise((listening) => server.listen(0, '127.0.0.1', listening))
  try {
    const { port } = server.address()
    const response = await fetch(`http://127.0.0.1:${port}/pets/1`)
    const result = validateResponse(spec, {
      method: 'GET',
      path: '/pets/1',
      status: response.status,
      headers: Object.fromEntries(response.headers),
      body: await response.json(),
    })
    return result.message
  } finally {
    server.close()
  }
}

function coverageExample() {
  let output
  try {
    output = execFileSync('pnpm', ['--filter', '@contracttool/demo-petstore-express', 'run', 'demo'], {
      cwd: root,
      encoding: 'utf8',
      env: { ...process.env, NO_COLOR: '1' },
      stdio: ['ignore', 'pipe', 'pipe'],
    })
  } catch (error) {
    console.error(`readme-examples: the demo failed (exit ${error.status}):\n${error.stdout}${error.stderr}`)
    process.exit(1)
  }
  const lines = stripVTControlCharacters(output).split('\n')
  const start = lines.findIndex((line) => line.startsWith('[petstore] endpoints:'))
  if (start === -1) throw new Error('the demo printed no "[petstore] endpoints:" line')
  return lines.slice(start, start + 2).join('\n')
}

const examples = { failure: await failureExample(), coverage: coverageExample() }
let readme = readFileSync(readmePath, 'utf8')
const drifted = []
for (const [name, text] of Object.entries(examples)) {
  const block = new RegExp(`(<!-- example: ${name} -->\\n\`\`\`\\n)([\\s\\S]*?)(\\n\`\`\`)`)
  const match = block.exec(readme)
  if (match === null) {
    console.error(`readme-examples: README.md has no block after "<!-- example: ${name} -->"`)
    process.exit(1)
  }
  if (match[2] !== text) drifted.push(`${name}:\n--- README.md\n${match[2]}\n+++ real run\n${text}`)
  readme = readme.replace(block, (_all, open, _old, close) => `${open}${text}${close}`)
}
if (write) {
  writeFileSync(readmePath, readme)
  console.log(`README.md examples written from real runs: ${Object.keys(examples).join(', ')}`)
} else if (drifted.length > 0) {
  console.error(
    `README.md examples differ from real runs (node scripts/readme-examples.mjs --write updates them):\n\n${drifted.join('\n\n')}`,
  )
  process.exit(1)
} else {
  console.log(`README.md examples match real runs: ${Object.keys(examples).join(', ')}`)
}
