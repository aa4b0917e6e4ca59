import type { JsonObject } from '@contracttool/kernel'
import { describe, expect, it } from 'vitest'
import { specWithResponse } from '../build-test-spec.test-kit.js'
import { RequiredAnalysis, type RequiredLookup } from './required-analysis.js'

const components: JsonObject = {
  schemas: {
    Base: { type: 'object', required: ['id'], properties: { id: {}, created: {} } },
    Node: {
      type: 'object',
      required: ['name'],
      properties: { name: {}, children: { type: 'array', items: { $ref: '#/components/schemas/Node' } } },
    },
  },
}

const schema: JsonObject = {
  allOf: [
    { $ref: '#/components/schemas/Base' },
    {
      type: 'object',
      required: ['status'],
      properties: {
        status: {},
        tree: { $ref: '#/components/schemas/Node' },
        lines: {
          type: 'array',
          items: { type: 'object', required: ['sku'], properties: { sku: {}, qty: {} } },
        },
        grid: { type: 'array', items: { type: 'array', items: { type: 'object', properties: { v: {} } } } },
        payment: { anyOf: [{ type: 'object', properties: { card: {} } }] },
        labels: { type: 'object', additionalProperties: { type: 'object', properties: { x: {} } } },
        counts: { type: 'object', additionalProperties: true, properties: { total: {} } },
        'a/b': { type: 'object', properties: { c: {} } },
        name: { type: 'string' },
      },
    },
  ],
}

function summary(lookup: RequiredLookup): string {
  switch (lookup.kind) {
    case 'known':
      return `declared ${[...lookup.declared].sort().join(',')} | required ${[...lookup.required].sort().join(',')}`
    case 'disjunction':
      return `${lookup.reason} at ${lookup.at}`
    case 'map':
      return `map at ${lookup.at}`
    case 'unmodelled':
      return 'unmodelled'
  }
}

describe('RequiredAnalysis.lookup', () => {
  const analysis = new RequiredAnalysis(specWithResponse(schema, { components }), schema)

  it.each([
    {
      pointer: '/',
      want: 'declared a/b,counts,created,grid,id,labels,lines,name,payment,status,tree | required id,status',
    },
    { pointer: '/lines[*]', want: 'declared qty,sku | required sku' },
    { pointer: '/grid[*][*]', want: 'declared v | required ' },
    { pointer: '/tree', want: 'declared children,name | required name' },
    { pointer: '/tree/children[*]/children[*]/children[*]', want: 'declared children,name | required name' },
    { pointer: '/payment', want: 'anyOf at /payment' },
    { pointer: '/payment/card/deep', want: 'anyOf at /payment' },
    { pointer: '/labels', want: 'map at /labels' },
    { pointer: '/labels/anything', want: 'map at /labels' },
    { pointer: '/counts', want: 'declared total | required ' },
    { pointer: '/a~1b', want: 'declared c | required ' },
    { pointer: '/undeclared', want: 'unmodelled' },
    { pointer: '/name', want: 'unmodelled' },
    { pointer: '/lines', want: 'unmodelled' },
    { pointer: '[*]', want: 'unmodelled' },
    { pointer: 'not a pointer', want: 'unmodelled' },
  ])('$pointer → $want', ({ pointer, want }) => {
    expect(summary(analysis.lookup(pointer))).toBe(want)
  })

  it('reports a disjunction at the root as covering every pointer', () => {
    const root = { oneOf: [{ type: 'object' }, { type: 'array' }] }
    const rooted = new RequiredAnalysis(specWithResponse(root), root)
    expect(rooted.lookup('/')).toEqual({ kind: 'disjunction', reason: 'oneOf', at: '' })
    expect(rooted.lookup('[*]/a')).toEqual({ kind: 'disjunction', reason: 'oneOf', at: '' })
  })
})
