// Scenario 3 for express-openapi-validator, which only validates inside an Express app: a real app on
// 127.0.0.1 replays the recorded responses over loopback HTTP, once with the validator and once
// without; the validator's cost is the difference. Requests are sent one at a time on a keep-alive
// connection, a bounded number of passes.
// Usage: node --expose-gc src/cases/validate-express.mjs --spec <key> --corpus-file <file>
//          [--sanitized] [--budget ms] [--max-passes n]
import {
  captureConsole,
  firstLine,
  heapAfterGc,
  now,
  parseCaseArgs,
  peakRss,
  round,
  runCase,
} from '../lib/child.mjs'
import { readPreparedCorpus } from '../lib/corpus.mjs'
import { startReplayApp } from '../lib/express-replay.mjs'
import { readSpecObject, specFile } from '../lib/specs.mjs'
import { median } from '../lib/stats.mjs'

const args = parseCaseArgs({
  spec: { type: 'string' },
  'corpus-file': { type: 'string' },
  sanitized: { type: 'boolean', default: false },
  budget: { type: 'string', default: '3000' },
  'max-passes': { type: 'string', default: '20' },
})

async function timedPass(app, exchanges) {
  const times = []
  const start = now()
  for (let i = 0; i < exchanges.length; i++) {
    const t = now()
    await app.replay(i)
    times.push(now() - t)
  }
  return { ms: now() - start, times }
}

captureConsole()
await runCase(
  async () => {
    const file = specFile(args.spec, { sanitized: args.sanitized })
    const exchanges = readPreparedCorpus(args['corpus-file'])
    const n = exchanges.length

    // The same app without the validator: the cost of Express and loopback HTTP alone.
    const plain = await startReplayApp({ exchanges })
    await timedPass(plain, exchanges)
    const heapBase = heapAfterGc()

    const readyStart = now()
    const app = await startReplayApp({ exchanges, apiSpec: readSpecObject(file) })
    await app.send('GET', '/__bench_ready__', -1)
    const readyMs = now() - readyStart
    if (app.errors.length > 0) {
      return {
        status: 'failed',
        error: firstLine(app.errors[0]),
        readyMs: round(readyMs, 1),
        peakRssMB: round(peakRss(), 1),
      }
    }
    const heapReady = heapAfterGc() - heapBase

    const first = await timedPass(app, exchanges)
    const heapFirstPass = heapAfterGc() - heapBase

    // Interleaved passes so both apps see the same machine load; best pass of each kept.
    const budget = Number(args.budget)
    const maxPasses = Number(args['max-passes'])
    const plainPasses = []
    const appPasses = []
    const plainPerRequest = exchanges.map(() => [])
    let spent = 0
    while (appPasses.length < maxPasses && (spent < budget || appPasses.length < 3)) {
      const p = await timedPass(plain, exchanges)
      p.times.forEach((t, i) => {
        plainPerRequest[i].push(t)
      })
      const a = await timedPass(app, exchanges)
      plainPasses.push(p.ms)
      appPasses.push(a.ms)
      spent += p.ms + a.ms
    }
    const plainBest = Math.min(...plainPasses)
    const appBest = Math.min(...appPasses)
    const plainMedianPerRequest = plainPerRequest.map((times) => median(times))

    const firstCalls = new Map()
    exchanges.forEach((ex, i) => {
      if (!firstCalls.has(ex.opKey)) firstCalls.set(ex.opKey, first.times[i] - plainMedianPerRequest[i])
    })
    const verdicts = exchanges.map((_, i) => app.verdicts.get(i) ?? 'success')
    const counts = {}
    for (const v of verdicts) counts[v] = (counts[v] ?? 0) + 1
    const heapSteady = heapAfterGc() - heapBase
    await app.close()
    await plain.close()
    return {
      status: 'ok',
      exchanges: n,
      operations: firstCalls.size,
      readyMs: round(readyMs, 1),
      firstPassMs: round(first.ms - plainBest, 1),
      firstCallMedianMs: round(median([...firstCalls.values()]), 3),
      steadyUs: round(((appBest - plainBest) * 1000) / n, 2),
      plainUsPerRequest: round((plainBest * 1000) / n, 2),
      steadyValidations: appPasses.length * n,
      steadyPasses: appPasses.length,
      heapReadyMB: round(heapReady, 1),
      heapFirstPassMB: round(heapFirstPass, 1),
      heapSteadyMB: round(heapSteady, 1),
      peakRssMB: round(peakRss(), 1),
      counts,
      verdicts,
      firstError: app.errors[0] === undefined ? undefined : firstLine(app.errors[0]),
    }
  },
  { scenario: 'validate', tool: 'express-openapi-validator', spec: args.spec, sanitized: args.sanitized },
)
