/** The mock coverage report's title in every report: what it counts, and that it counts toward nothing else. */
export const MOCK_COVERAGE_TITLE =
  'OpenAPI Mock Coverage (mocked responses; not counted toward coverage or gates)'
