export type { CliContext } from './cli-context.js'
export { CliErrorCode } from './cli-error-code.js'
export { type CreateCliOptions, createCli } from './create-cli.js'
export type {
  DoctorCategory,
  DoctorIssue,
  DoctorReport,
  DoctorSeverity,
  DoctorSpecSummary,
} from './doctor-report.js'
export { renderDoctorJson } from './render-doctor-json.js'
export { type RenderDoctorTextOptions, renderDoctorText } from './render-doctor-text.js'
export { type RunCliContext, runCli } from './run-cli.js'
export { type RunDoctorOptions, runDoctor } from './run-doctor.js'
