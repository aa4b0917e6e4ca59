// The benchmark's scenarios, in the order they run. A scenario is `{ id, title, run, report }`:
// `run(config, helpers)` returns rows `{ ...job, result }`, `report(rows)` prints its tables and
// returns DESIGN.md §5 target verdicts `{ target, measured, verdict }`. A `pending` scenario is listed
// in the report but not run yet.
import { reportLoad, runLoad } from './load.mjs'
import { reportMatch, runMatch } from './match.mjs'
import { reportValidate, runValidate } from './validate.mjs'

export const SCENARIOS = [
  { id: 'load', title: '1. Spec load', run: runLoad, report: reportLoad },
  { id: 'match', title: '2. Path matching', run: runMatch, report: reportMatch },
  { id: 'validate', title: '3. Response validation', run: runValidate, report: reportValidate },
  {
    id: 'merge',
    title: '4. Merge of 64 coverage sidecars',
    pending: 'to be added with @contracttool/coverage (add a case in src/cases/ and a module here)',
  },
  {
    id: 'vitest',
    title: '5. Vitest plugin overhead (target: under 5% of a suite doing real HTTP calls)',
    pending: 'to be added with @contracttool/vitest (add a case in src/cases/ and a module here)',
  },
]
