// The validator alone, in a harness of your own: load the spec, validate what your tests received.
import { loadSpecFile, validateResponse } from '@contracttool/validator'

const spec = await loadSpecFile('openapi/petstore.yaml')
const result = validateResponse(spec, {
  method: 'GET',
  path: '/pets',
  status: 200,
  headers: { 'content-type': 'application/json' },
  body: [{ id: 1, name: '' }],
})
console.log(result.message)
process.exitCode = result.outcome === 'failure' ? 0 : 1
