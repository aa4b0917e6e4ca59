export {
  canonicalExchange,
  describeSharedScenarios,
  loadScenarioSpec,
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
