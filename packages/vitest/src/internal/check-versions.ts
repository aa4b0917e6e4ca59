/**
 * Why this Vitest cannot run here, or undefined when it can. Vitest 4.1 runs on Node.js 20.19 and later;
 * Vitest 5 declares Node.js `^22.12.0 || >=24.0.0` (its package.json `engines`) and on Node.js 20 fails
 * part-way through a run (`Map.groupBy is not a function` when it prints a failed test).
 */
export function checkVersions(vitestVersion: string, nodeVersion: string): string | undefined {
  const [vitestMajor = 0, vitestMinor = 0] = numbers(vitestVersion)
  if (vitestMajor < 4 || (vitestMajor === 4 && vitestMinor < 1)) {
    return `@contracttool/vitest needs Vitest 4.1 or later; this is Vitest ${vitestVersion}: install vitest@^4`
  }
  const [nodeMajor = 0, nodeMinor = 0] = numbers(nodeVersion)
  const nodeFitsVitest5 = nodeMajor >= 24 || (nodeMajor === 22 && nodeMinor >= 12)
  if (vitestMajor >= 5 && !nodeFitsVitest5) {
    return `Vitest ${vitestVersion} needs Node.js 22.12 or later and this is Node.js ${nodeVersion}: install vitest@^4 (which runs on Node.js 20.19 and later), or run a newer Node.js`
  }
  return undefined
}

function numbers(version: string): number[] {
  return version
    .replace(/^v/, '')
    .split('.')
    .map((part) => Number.parseInt(part, 10) || 0)
}
