// What the validator and the explorer of this repository share with this package, outside semver.
export {
  type CharSet,
  type EscapeLetter,
  endsAnchored,
  type PatternNode,
  parsePattern,
  startsAnchored,
} from './parse-pattern.js'
export { type PatternPlan, planPattern, refusesValue, runPattern } from './plan-pattern.js'
