// A GitHub step-summary section: heading, one sentence, the diagnostic block fenced verbatim.
export function renderStepSummary(heading: string, sentence: string, body: string): string {
  // A fence longer than any backtick run inside the body keeps the block intact.
  const longestRun = Math.max(2, ...[...body.matchAll(/`+/g)].map((match) => match[0].length))
  const fence = '`'.repeat(longestRun + 1)
  return `${heading}\n\n${sentence}\n\n${fence}\n${body}\n${fence}\n\n`
}
