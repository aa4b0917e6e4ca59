// The benchmark's scenarios, in the order they run. A scenario is `{ id, title, run, report }`:
// `run(config, helpers)` returns rows `{ ...job, result }`, `report(rows)` prints its tables and
// returns the performance targets' verdicts `{ target, measured, verdict }`. A `pending` scenario is listed
// in the report but not run yet.
import { reportLoad, runLoad } from './load.mjs'
import { reportMatch, runMatch } from './match.mjs'
import { reportMerge, runMerge } from './merge.mjs'
import { reportStreams, runStreams } from './streams.mjs'
import { reportTraffic, runTraffic } from './traffic.mjs'
import { reportValidate, runValidate } from './validate.mjs'
import { reportVitest, runVitest } from './vitest.mjs'

export const SCENARIOS = [
  { id: 'load', title: '1. Spec load', run: runLoad, report: reportLoad },
  { id: 'match', title: '2. Path matching', run: runMatch, report: reportMatch },
  { id: 'validate', title: '3. Response validation', run: runValidate, report: reportValidate },
  { id: 'merge', title: '4. Merge of coverage sidecars', run: runMerge, report: reportMerge },
  {
    id: 'vitest',
    title:
      '5. Vitest plugin, Jest, Mocha and Playwright binding overhead (target: under 5% of a suite doing real HTTP calls)',
    run: runVitest,
    report: reportVitest,
  },
  {
    id: 'streams',
    title: '6. Sequential bodies (OpenAPI 3.2 itemSchema), item by item',
    run: runStreams,
    report: reportStreams,
  },
  {
    id: 'traffic',
    title: '7. Recorded traffic: contracttool traffic on a HAR of GitHub API calls',
    run: runTraffic,
    report: reportTraffic,
  },
]
