export type { MatchOptions, OperationMatch, PathMatch } from './types.js'
