import { readFileSync } from 'node:fs'
import { fixturePath } from '@contracttool/fixtures'
import { describe, expect, it } from 'vitest'
import { computeCoverage } from './compute-coverage.js'
import { CoverageTracker } from './coverage-tracker.js'
import { fixtureResult, specFrom, validation } from './fixture.test-kit.js'
import { renderJunit } from './render-junit.js'
import { checkAgainstXsd, compileXsd, parseXml } from './xsd.test-kit.js'

const rules = compileXsd(readFileSync(fixturePath('coverage/junit-10.xsd'), 'utf8'))

describe('renderJunit against the Jenkins junit-10.xsd', () => {
  it('conforms for the fixture result', () => {
    expect(checkAgainstXsd(renderJunit(fixtureResult()), rules)).toEqual([])
  })

  it('the checker catches what the XSD forbids (control)', () => {
    const broken =
      '<?xml version="1.0" encoding="UTF-8"?>\n<testsuites skipped="1"><testsuite name="a" tests="1" failures="0" time="1s">' +
      '<testcase><bogus/></testcase>text</testsuite></testsuites>'
    expect(checkAgainstXsd(broken, rules)).toEqual([
      '/testsuites: attribute skipped is not allowed',
      '/testsuites/testsuite[0]: missing required attribute errors',
      '/testsuites/testsuite[0]: attribute time="1s" does not match its type',
      '/testsuites/testsuite[0]: text content is not allowed',
      '/testsuites/testsuite[0]/testcase[0]: missing required attribute name',
      '/testsuites/testsuite[0]/testcase[0]: child <bogus> is not allowed',
    ])
    expect(() => parseXml('<a b="1" b="2"/>')).toThrow(/duplicate attribute/)
    expect(() => parseXml('<a>x & y</a>')).toThrow(/unescaped markup/)
  })

  it('escapes hostile spec strings and keeps the document well-formed', () => {
    const path = `/a<b>&"quoted"/'x'/\u0001ctl`
    const spec = specFrom(`spec "<&>"`, {
      openapi: '3.1.0',
      info: { title: 't', version: '1' },
      paths: {
        [path]: { get: { operationId: 'op</system-out>', responses: { '200': { description: '' } } } },
      },
    })
    const tracker = new CoverageTracker()
    tracker.recordResponse(
      validation({
        spec: `spec "<&>"`,
        path,
        status: '200',
        contentType: null,
        outcome: 'skipped',
        skipReason: 'a]]>b<c',
      }),
    )
    const xml = renderJunit(computeCoverage([spec], tracker))
    expect(checkAgainstXsd(xml, rules)).toEqual([])
    const testcase = parseXml(xml).children[0]?.children[0]
    expect(testcase?.attributes.get('name')).toBe(`GET /a<b>&"quoted"/'x'/\uFFFDctl [200 *]`)
    expect(testcase?.children[0]?.attributes.get('message')).toBe('a]]>b<c')
    expect(testcase?.children[1]?.text).toBe('hits=1 operationId=op</system-out>')
  })

  it('keeps an endpoint without response definitions as a skipped case', () => {
    const spec = specFrom('s', {
      openapi: '3.1.0',
      info: { title: 't', version: '1' },
      paths: { '/x': { get: {} }, '/y': { get: {} } },
    })
    const tracker = new CoverageTracker()
    tracker.recordRequest(validation({ spec: 's', path: '/x', status: null, contentType: null }))
    const suite = parseXml(renderJunit(computeCoverage([spec], tracker))).children[0]
    expect(
      suite?.children.map((c) => [c.attributes.get('name'), c.children[0]?.attributes.get('message')]),
    ).toEqual([
      ['GET /x', 'request reached, but spec has no response definitions'],
      ['GET /y', 'no response definitions in spec; no observations recorded'],
    ])
    expect(suite?.attributes.get('skipped')).toBe('2')
  })
})
