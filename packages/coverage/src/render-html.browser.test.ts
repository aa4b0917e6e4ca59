import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'
import type { BrowserContext, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { chromiumDir, chromiumExecutable, chromiumVersion, launchChromium } from './chromium.test-kit.js'
import { computeCoverage } from './compute-coverage.js'
import type { CoverageJsonDocument } from './coverage-json.js'
import { CoverageTracker } from './coverage-tracker.js'
import { fixtureResult, specFrom, validation } from './fixture.test-kit.js'
import { renderHtml } from './render-html.js'
import { renderJson } from './render-json.js'
import { writeReport } from './write-file-atomic.js'

const work = mkdtempSync(join(tmpdir(), 'contracttool-html-'))
const result = fixtureResult()
const json = JSON.parse(renderJson(result, { toolVersion: 'test' })) as CoverageJsonDocument
const reportPath = join(work, 'coverage.html')
writeReport(reportPath, renderHtml(result))

const HOSTILE = `/x/<img src=x onerror="document.title='pwned'">/'&"`
const hostileSpec = specFrom(`<script>alert(1)</script>`, {
  openapi: '3.1.0',
  info: { title: 't', version: '1' },
  paths: { [HOSTILE]: { get: { operationId: '"><b>op</b>', responses: { '200': { description: '' } } } } },
})
const hostileTracker = new CoverageTracker()
hostileTracker.recordResponse(
  validation({
    spec: hostileSpec.name,
    path: HOSTILE,
    contentType: null,
    outcome: 'skipped',
    skipReason: '<i>reason</i> & more',
  }),
)
const hostilePath = join(work, 'hostile.html')
writeReport(hostilePath, renderHtml(computeCoverage([hostileSpec], hostileTracker)))

let context: BrowserContext
const requests: string[] = []

beforeAll(async () => {
  context = await launchChromium(work)
  context.on('request', (request) => requests.push(request.url()))
}, 300_000)

afterAll(async () => {
  await context?.close()
  rmSync(work, { recursive: true, force: true })
})

async function open(path: string): Promise<Page> {
  const page = await context.newPage()
  await page.goto(pathToFileURL(path).href)
  return page
}

async function visibleEndpoints(page: Page): Promise<string[]> {
  return page.$$eval('details.endpoint', (items) =>
    items
      .filter((item) => (item as HTMLElement).offsetParent !== null)
      .map((item) => item.getAttribute('data-state') ?? ''),
  )
}

describe('renderHtml in headless Chromium', () => {
  it('runs the Chromium that the @sparticuz/chromium package ships, not one of the machine', async () => {
    expect(await chromiumExecutable()).toBe(join(chromiumDir, 'chromium'))
    const page = await context.newPage()
    const userAgent = await page.evaluate(() => navigator.userAgent)
    await page.close()
    // The package's major version is the Chromium major version it ships.
    expect(userAgent).toContain(`HeadlessChrome/${chromiumVersion.split('.')[0]}.`)
  })

  it('renders, makes no request beyond the file itself, and screenshots to a PNG', async () => {
    const page = await open(reportPath)
    expect(await page.title()).toBe('OpenAPI Contract Test Coverage')
    expect(requests.every((url) => url.startsWith('file://'))).toBe(true)
    const screenshot = join(work, 'coverage.png')
    await page.screenshot({ path: screenshot, fullPage: true })
    const png = readFileSync(screenshot)
    expect(png.length).toBeGreaterThan(1000)
    expect(png.subarray(0, 8)).toEqual(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))
    await page.close()
  }, 60_000)

  it('shows the same counts as the JSON report', async () => {
    const page = await open(reportPath)
    const aggregate = json.aggregate
    expect(await page.textContent('#total-endpoints')).toBe(String(aggregate.endpoint_total))
    expect(await page.textContent('#visible-endpoints')).toBe(String(aggregate.endpoint_total))
    const states = await visibleEndpoints(page)
    expect(states.length).toBe(aggregate.endpoint_total)
    expect(states.filter((s) => s === 'all-covered').length).toBe(aggregate.endpoint_fully_covered)
    expect(states.filter((s) => s === 'partial').length).toBe(aggregate.endpoint_partial)
    expect(states.filter((s) => s === 'uncovered').length).toBe(aggregate.endpoint_uncovered)
    expect(states.filter((s) => s === 'request-only').length).toBe(aggregate.endpoint_request_only)
    expect(await page.$$eval('table.responses tbody tr', (rows) => rows.length)).toBe(
      aggregate.response_total,
    )
    expect(await page.$$eval('table.responses tbody tr.state-validated', (rows) => rows.length)).toBe(
      aggregate.response_covered,
    )
    expect(await page.$$eval('table.responses tbody tr.state-skipped', (rows) => rows.length)).toBe(
      aggregate.response_skipped,
    )
    for (const [name, spec] of Object.entries(json.specs)) {
      const counts = await page.$$eval(`section.spec[data-spec="${name}"] .count`, (items) =>
        Object.fromEntries(items.map((item) => [item.getAttribute('data-state'), Number(item.textContent)])),
      )
      expect(counts).toEqual({
        'all-covered': spec.aggregates.endpoint_fully_covered,
        partial: spec.aggregates.endpoint_partial,
        uncovered: spec.aggregates.endpoint_uncovered,
        'request-only': spec.aggregates.endpoint_request_only,
      })
    }
    const ids = await page.$$eval('details.endpoint', (items) => items.map((item) => item.id))
    expect(new Set(ids).size).toBe(ids.length)
    await page.close()
  }, 60_000)

  it('filters by state and by text, and keeps the visible count in step', async () => {
    const page = await open(reportPath)
    const endpoints = Object.values(json.specs).flatMap((spec) => spec.endpoints)

    await page.selectOption('#filter-state', 'uncovered')
    expect(await visibleEndpoints(page)).toEqual(Array(json.aggregate.endpoint_uncovered).fill('uncovered'))
    expect(await page.textContent('#visible-endpoints')).toBe(String(json.aggregate.endpoint_uncovered))

    await page.selectOption('#filter-state', '')
    await page.fill('#filter-text', 'PETS/{petid}')
    const matching = endpoints.filter((e) =>
      `${e.endpoint} ${e.operation_id ?? ''}`.toLowerCase().includes('pets/{petid}'),
    )
    expect((await visibleEndpoints(page)).length).toBe(matching.length)
    expect(await page.textContent('#visible-endpoints')).toBe(String(matching.length))

    await page.fill('#filter-text', 'listpets')
    await page.selectOption('#filter-state', 'partial')
    expect(await visibleEndpoints(page)).toEqual(['partial'])

    await page.fill('#filter-text', 'no endpoint is called this')
    expect(await page.textContent('#visible-endpoints')).toBe('0')
    expect(
      await page.$$eval('.no-match', (hints) => hints.filter((h) => !(h as HTMLElement).hidden).length),
    ).toBe(Object.keys(json.specs).length)
    await page.close()
  }, 60_000)

  it('shows hostile spec strings as text, never as markup', async () => {
    const page = await open(hostilePath)
    expect(await page.title()).toBe('OpenAPI Contract Test Coverage')
    expect(await page.$$eval('img, script:not(:last-of-type), b, i', (nodes) => nodes.length)).toBe(0)
    expect(await page.textContent('details.endpoint code')).toBe(`GET ${HOSTILE}`)
    expect(await page.textContent('h2')).toBe('<script>alert(1)</script>')
    expect(await page.textContent('.op-id')).toBe('"><b>op</b>')
    expect(await page.textContent('table.responses tbody tr td:last-child')).toBe('<i>reason</i> & more')
    expect(requests.every((url) => url.startsWith('file://'))).toBe(true)
    await page.close()
  }, 60_000)
})
