// Bodies of `fixtures/specs/streams-3.2.yaml`'s streams, for adapters to send in several chunks.

const TOM = { id: 1, name: 'Tom', kind: 'cat' }
const REX = { id: 2, name: 'Rex', kind: 'dog' }

/** Server-sent events of GET /pets/events, as the chunks an app writes (a comment keeps the line alive). */
export const PET_EVENTS: readonly string[] = [
  `event: added\nid: 1\ndata: ${JSON.stringify(TOM)}\n\n`,
  ': keep-alive\n\n',
  `event: added\nid: 2\ndata: ${JSON.stringify(REX)}\n\n`,
]

/** The same events with the second one's payload broken: `/1/data/kind` is not a kind. */
export const BROKEN_PET_EVENTS: readonly string[] = [
  `event: added\nid: 1\ndata: ${JSON.stringify(TOM)}\n\n`,
  ': keep-alive\n\n',
  `event: added\nid: 2\ndata: ${JSON.stringify({ ...REX, kind: 'cow' })}\n\n`,
]

/** GET /pets/export as JSON Lines, one chunk per line. */
export const PET_LINES: readonly string[] = [`${JSON.stringify(TOM)}\n`, `${JSON.stringify(REX)}\n`]
