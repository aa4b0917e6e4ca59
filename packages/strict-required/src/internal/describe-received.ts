const MAX_ECHO = 60

// Renders a received value for an error message: JSON where possible, truncated.
export function describeReceived(value: unknown): string {
  let text: string
  if (value === undefined) text = 'undefined'
  else if (typeof value === 'string') text = value
  else {
    try {
      text = JSON.stringify(value) ?? String(value)
    } catch {
      text = String(value)
    }
  }
  return text.length > MAX_ECHO ? `${text.slice(0, MAX_ECHO)}…` : text
}
