import { createRequire } from 'node:module'
import express from 'express'
import express4 from 'express4'

/**
 * The default export of an Express module. Express 4 is driven through Express 5's typings so one suite
 * can build apps of either major; `typings.test.ts` checks the exports against Express 4's own typings.
 */
export type ExpressModule = typeof express

const require = createRequire(import.meta.url)

function labelOf(packageName: string): string {
  return `Express ${(require(`${packageName}/package.json`) as { version: string }).version}`
}

/** Every supported Express major as `[label, module]` rows for `describe.each`, the label naming the installed version. */
export const EXPRESS_MAJORS: readonly (readonly [string, ExpressModule])[] = [
  [labelOf('express'), express],
  [labelOf('express4'), express4 as unknown as ExpressModule],
]
