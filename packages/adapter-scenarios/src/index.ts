export {
  canonicalExchange,
  describeSharedScenarios,
  loadScenarioSpec,
  loadStreamsSpec,
  type ScenarioHarness,
  type ScenarioResults,
  validateExchange,
} from './describe-shared-scenarios.js'
export {
  requestHeadersOf,
  SCENARIO_HEADER,
  SCENARIOS,
  type Scenario,
  type ScenarioReply,
  scenarioFor,
} from './scenarios.js'
export { BROKEN_PET_EVENTS, PET_EVENTS, PET_LINES } from './stream-bodies.js'
