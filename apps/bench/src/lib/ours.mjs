// Our packages, imported from their built output (dist) as a user's `node` process would.
// Missing builds or exports are reported as "not available" instead of crashing the run.

const REQUIRED = {
  '@contracttool/spec-loader': ['loadSpecFile', 'loadSpecFromValue'],
  '@contracttool/matcher': ['getPathMatcher'],
  '@contracttool/validator': ['validateResponse'],
}

/** Imports `name` and checks that it exports what the benchmark calls; throws a one-line reason otherwise. */
export async function importOurs(name) {
  let mod
  try {
    mod = await import(name)
  } catch (error) {
    throw new Error(
      `${name} is not built (run \`pnpm run build\` in its package): ${error.message.split('\n')[0]}`,
    )
  }
  const missing = (REQUIRED[name] ?? []).filter((exported) => typeof mod[exported] !== 'function')
  if (missing.length > 0) throw new Error(`${name} does not export ${missing.join(', ')} yet`)
  return mod
}

/** Which of our packages the benchmark can use right now: `{ name: true | 'reason' }`. */
export async function oursAvailability() {
  const out = {}
  for (const name of Object.keys(REQUIRED)) {
    try {
      await importOurs(name)
      out[name] = true
    } catch (error) {
      out[name] = error.message
    }
  }
  return out
}
