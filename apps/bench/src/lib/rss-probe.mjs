// Preloaded with `node --import` into a process the harness spawns but does not run itself (the
// contracttool CLI): on exit, writes that process's peak RSS in MiB to $BENCH_RSS_FILE.
import { writeFileSync } from 'node:fs'

const file = process.env.BENCH_RSS_FILE
if (file !== undefined && file !== '') {
  process.on('exit', () => {
    try {
      writeFileSync(file, String(process.resourceUsage().maxRSS / 1024))
    } catch {
      // The measurement is optional: never change the exit of the process under test.
    }
  })
}
