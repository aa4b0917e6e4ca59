export {
  describeErrorCodeTable,
  documentedErrorCodes,
  type ErrorCodeTableOptions,
  mentionedErrorCodes,
  productionSources,
  type SourceFile,
} from './describe-error-code-table.js'
export { propertyRuns } from './property-runs.js'
