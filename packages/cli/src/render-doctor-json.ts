import type { DoctorReport } from './doctor-report.js'

/**
 * Renders a doctor report as the versioned JSON document of `contracttool doctor --format=json`
 * (`schemaVersion: 1`, two-space indentation, trailing newline).
 *
 * @example
 * const report = JSON.parse(renderDoctorJson(await runDoctor(['openapi.yaml'])))
 */
export function renderDoctorJson(report: DoctorReport): string {
  return `${JSON.stringify(report, null, 2)}\n`
}
