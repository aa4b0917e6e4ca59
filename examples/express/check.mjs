// The Express middleware alone: every response the app sends is checked against the spec.
import { contractValidation } from '@contracttool/express'
import { createApp } from './src/app.mjs'

const validation = contractValidation({ spec: 'petstore', specBasePath: 'openapi' })
const server = createApp(validation).listen(0, '127.0.0.1')
await new Promise((listening) => server.once('listening', listening))
const origin = `http://127.0.0.1:${server.address().port}`
for (const path of ['/pets', '/health']) {
  const response = await fetch(`${origin}${path}`)
  console.log(`GET ${path} ${response.status}`)
  await response.arrayBuffer()
}
server.close()
validation.assertNoViolations()
console.log(`${validation.violations().length} contract violations`)
