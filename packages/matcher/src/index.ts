import { x } from '@contracttool/spec-loader'
export const y: number = x
