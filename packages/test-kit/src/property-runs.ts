/**
 * The fast-check parameters of every property-based test: 10,000 generated inputs per run, a fixed seed
 * where `CI` is set (a failure there reproduces), a random one locally (fast-check prints the seed and
 * path of a failure, to replay it).
 *
 * @example
 * fc.assert(fc.property(fc.jsonValue(), (value) => check(value)), propertyRuns())
 */
export function propertyRuns(): { numRuns: number; seed?: number } {
  return process.env.CI ? { numRuns: 10_000, seed: 20_261_126 } : { numRuns: 10_000 }
}
