/** A small pet-store project: its spec, an Express app that follows it, and Jest configs over it. */

export const SPEC = JSON.stringify({
  openapi: '3.1.0',
  info: { title: 'pets', version: '1.0.0' },
  paths: {
    '/health': {
      get: {
        responses: {
          '200': {
            description: 'up',
            content: {
              'application/json': {
                schema: { type: 'object', required: ['status'], properties: { status: { const: 'ok' } } },
              },
            },
          },
        },
      },
    },
    '/pets': {
      get: {
        responses: {
          '200': {
            description: 'pets',
            content: {
              'application/json': { schema: { type: 'array', items: { $ref: '#/components/schemas/Pet' } } },
            },
          },
        },
      },
      post: {
        requestBody: {
          required: true,
          content: {
            'application/json': {
              schema: { type: 'object', required: ['name'], properties: { name: { type: 'string' } } },
            },
          },
        },
        responses: {
          '201': {
            description: 'created',
            content: { 'application/json': { schema: { $ref: '#/components/schemas/Pet' } } },
          },
          '400': { description: 'bad request' },
        },
      },
    },
    '/pets/{id}': {
      parameters: [{ name: 'id', in: 'path', required: true, schema: { type: 'integer' } }],
      get: {
        responses: {
          '200': {
            description: 'a pet',
            content: { 'application/json': { schema: { $ref: '#/components/schemas/Pet' } } },
          },
          '404': { description: 'unknown' },
        },
      },
    },
  },
  components: {
    schemas: {
      Pet: {
        type: 'object',
        required: ['id', 'name'],
        properties: { id: { type: 'integer' }, name: { type: 'string' } },
      },
    },
  },
})

export const APP = `const express = require('express')

exports.createApp = () => {
  const pets = [{ id: 1, name: 'Tom' }]
  const app = express()
  app.use(express.json())
  app.get('/health', (_req, res) => res.json({ status: 'ok' }))
  app.get('/pets', (_req, res) => res.json(pets))
  app.post('/pets', (req, res) => {
    if (typeof req.body.name !== 'string') return res.status(400).end()
    const pet = { id: pets.length + 1, name: req.body.name }
    pets.push(pet)
    res.status(201).json(pet)
  })
  app.get('/pets/:id', (req, res) => {
    const pet = pets.find((p) => p.id === Number(req.params.id))
    if (pet === undefined) return res.status(404).end()
    res.json(pet)
  })
  return app
}
`

/** `jest.config.cjs` wrapping `config` (JavaScript source) with `options` (JSON). */
export function jestConfig(options: object, config = "{ testEnvironment: 'node' }"): string {
  return `const { withContractTesting } = require('@contracttool/jest')

module.exports = withContractTesting(${config}, ${JSON.stringify(options)})
`
}

export const OPTIONS = { specBasePath: 'openapi', specs: ['pets'], jsonOutput: 'reports/coverage.json' }
