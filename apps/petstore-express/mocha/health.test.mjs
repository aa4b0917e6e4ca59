// The calls of src/health.test.ts under Mocha, with chai (the app as built by `pnpm build`).
import { chaiContractTesting } from '@contracttool/chai'
import * as chai from 'chai'
import request from 'supertest'
import { createApp } from '../dist/app.js'

chai.use(chaiContractTesting)
const { expect } = chai

// No openApiSpec() here: defaultSpec applies.
describe('GET /health', () => {
  it('reports the service up', async () => {
    const res = await request(createApp()).get('/health')
    expect(res.status).to.equal(200)
    expect(res).to.matchOpenApiSchema()
  })

  // An undocumented method has no response to validate: the status and the Allow header are the contract.
  it('answers an undocumented method with 405 and the documented methods', async () => {
    const res = await request(createApp()).delete('/health')
    expect(res.status).to.equal(405)
    expect(res.headers.allow).to.equal('GET')
  })
})
