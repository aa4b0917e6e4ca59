import { escapePointerToken } from '@contracttool/kernel/internal'
import type { DoctorCategory, DoctorIssue, DoctorSeverity } from '../../doctor-report.js'

/** Collects the issues of one spec. */
export class IssueSink {
  readonly issues: DoctorIssue[] = []
  readonly spec: string

  constructor(spec: string) {
    this.spec = spec
  }

  add(
    severity: DoctorSeverity,
    category: DoctorCategory,
    message: string,
    suggestion: string | null = null,
    pointer: string | null = null,
  ): void {
    this.issues.push({ severity, category, spec: this.spec, message, suggestion, pointer })
  }

  error(
    category: DoctorCategory,
    message: string,
    suggestion: string | null = null,
    pointer: string | null = null,
  ): void {
    this.add('error', category, message, suggestion, pointer)
  }

  warning(
    category: DoctorCategory,
    message: string,
    suggestion: string | null = null,
    pointer: string | null = null,
  ): void {
    this.add('warning', category, message, suggestion, pointer)
  }
}

/** `#/paths/~1pets/get` from raw tokens. */
export function pointerOf(...tokens: readonly string[]): string {
  return `#${tokens.map((t) => `/${escapePointerToken(t)}`).join('')}`
}
