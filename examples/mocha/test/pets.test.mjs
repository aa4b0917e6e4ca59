import { chaiContractTesting } from '@contracttool/chai'
import * as chai from 'chai'
import request from 'supertest'
import { createApp } from '../src/app.mjs'

chai.use(chaiContractTesting)
const { expect } = chai
const app = createApp()

describe('pets', () => {
  it('lists pets', async () => {
    const res = await request(app).get('/pets')
    expect(res.status).to.equal(200)
    expect(res).to.matchOpenApiSchema()
  })

  it('reports health', async () => {
    expect(await request(app).get('/health')).to.matchOpenApiSchema()
  })
})
