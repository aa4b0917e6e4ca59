// A HAR 1.2 file of `count` entries for scenario 7, written entry by entry (never held whole): the real GitHub
// recordings of @octokit/fixtures (scenario 3's corpus) in turn, as a browser or a proxy records them against
// https://api.github.com, with a page and an asset among every 50 entries as real recordings have.
import { closeSync, openSync, statSync, writeSync } from 'node:fs'
import { githubExchanges } from './corpus.mjs'

const ORIGIN = 'https://api.github.com'

function harEntry(ex) {
  return {
    startedDateTime: '2024-01-01T00:00:00.000Z',
    time: 12,
    request: {
      method: ex.method,
      url: `${ORIGIN}${ex.requestPath}`,
      httpVersion: 'HTTP/1.1',
      headers: [
        { name: 'Accept', value: 'application/vnd.github+json' },
        { name: 'Authorization', value: 'token 0000000000000000000000000000000000000000' },
      ],
      queryString: [],
      cookies: [],
      headersSize: -1,
      bodySize: 0,
    },
    response: {
      status: ex.status,
      statusText: '',
      httpVersion: 'HTTP/1.1',
      headers: Object.entries(ex.headers).map(([name, value]) => ({ name, value: String(value) })),
      cookies: [],
      content: { size: ex.text.length, mimeType: ex.contentType ?? 'x-unknown', text: ex.text },
      redirectURL: '',
      headersSize: -1,
      bodySize: ex.text.length,
    },
    cache: {},
    timings: { send: 0, wait: 10, receive: 2 },
  }
}

function otherEntry(url, mimeType, text) {
  const headers = { 'content-type': mimeType }
  const entry = harEntry({
    method: 'GET',
    requestPath: '',
    status: 200,
    headers,
    contentType: mimeType,
    text,
  })
  return { ...entry, request: { ...entry.request, url, headers: [] } }
}

/**
 * Writes the HAR to `file`; returns what it holds: `{ entries, apiCalls, bytes }`. `apiCalls` are the
 * entries under the GitHub description's server; the others are a page and a script.
 */
export function writeHarFixture({ file, count }) {
  const recordings = githubExchanges().map((ex) => JSON.stringify(harEntry(ex)))
  const page = JSON.stringify(
    otherEntry('https://github.com/octokit', 'text/html', '<!doctype html><title>octokit</title>'),
  )
  const asset = JSON.stringify(
    otherEntry('https://github.githubassets.com/app.js', 'text/javascript', 'void 0'),
  )
  const fd = openSync(file, 'w')
  let apiCalls = 0
  try {
    writeSync(
      fd,
      '{"log":{"version":"1.2","creator":{"name":"contracttool bench","version":"1"},"entries":[\n',
    )
    let batch = []
    for (let index = 0; index < count; index++) {
      const slot = index % 50
      let text
      if (slot === 0) text = page
      else if (slot === 1) text = asset
      else {
        text = recordings[apiCalls % recordings.length]
        apiCalls++
      }
      batch.push(index === 0 ? text : `,\n${text}`)
      if (batch.length === 500) {
        writeSync(fd, batch.join(''))
        batch = []
      }
    }
    writeSync(fd, `${batch.join('')}\n]}}\n`)
  } finally {
    closeSync(fd)
  }
  return { entries: count, apiCalls, bytes: statSync(file).size }
}
