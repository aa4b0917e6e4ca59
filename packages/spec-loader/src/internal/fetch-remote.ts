import { isContractToolError } from '@contracttool/kernel'
import { echoValue } from '@contracttool/kernel/internal'
import { SpecErrorCode } from '../errors.js'
import { redactUrl } from '../redact-url.js'
import type { PendingLoad } from './bundler.js'
import type { RemoteSettings } from './remote-settings.js'
import { type SpecContext, specError } from './spec-error.js'
import { formatFromContentType, formatFromExtension, type SpecFormat } from './spec-format.js'

export interface RemoteDocument {
  readonly text: string
  readonly format: SpecFormat
}

/**
 * Fetches one remote document. Redirects are failures (an allowed host must not hand the request to
 * one that is not), and the byte cap holds whether or not the server sends Content-Length.
 */
export async function fetchRemote(
  load: PendingLoad,
  settings: RemoteSettings,
  specName: string,
): Promise<RemoteDocument> {
  const context: SpecContext = { specName, file: load.fromFile }
  const url = redactUrl(load.target)
  const fail = (code: SpecErrorCode, what: string, cause?: unknown) =>
    specError(code, context, `remote $ref ${echoValue(load.ref)}: ${what}`, {
      at: load.at(),
      ref: load.ref,
      cause,
    })
  const fetchImpl = settings.fetch ?? globalThis.fetch
  if (typeof fetchImpl !== 'function') {
    throw fail(
      SpecErrorCode.RefRemoteFetchFailed,
      'no fetch implementation is available; pass remoteRefs.fetch.',
    )
  }
  // WHATWG fetch refuses URLs with credentials: userinfo becomes a Basic Authorization header instead.
  const target = new URL(load.target)
  const headers: Record<string, string> = { accept: 'application/json, application/yaml;q=0.9, */*;q=0.1' }
  if (target.username !== '' || target.password !== '') {
    const credentials = `${decodeURIComponent(target.username)}:${decodeURIComponent(target.password)}`
    headers.authorization = `Basic ${Buffer.from(credentials).toString('base64')}`
    target.username = ''
    target.password = ''
  }
  // One deadline for the headers and the body: a server that answers, then stalls, is cut off too.
  const signal = AbortSignal.timeout(settings.timeoutMs)
  const timedOut = (error: unknown) =>
    fail(
      SpecErrorCode.RefRemoteFetchFailed,
      `fetching ${url} took longer than ${settings.timeoutMs} ms (remoteRefs.timeoutMs); nothing of it was used.`,
      error,
    )
  let response: Response
  try {
    response = await fetchImpl(target.href, { redirect: 'manual', headers, signal })
  } catch (error) {
    if (signal.aborted) throw timedOut(error)
    const reason =
      error instanceof Error
        ? error.cause instanceof Error
          ? error.cause.message
          : error.message
        : String(error)
    throw fail(SpecErrorCode.RefRemoteFetchFailed, `fetching ${url} failed (${redactUrl(reason)}).`, error)
  }
  const status = response.status
  if (response.type === 'opaqueredirect' || (status >= 300 && status < 400)) {
    await discard(response)
    const location = response.headers.get('location')
    const where = location === null ? '' : ` (Location: ${redactLocation(location, load.target)})`
    throw fail(
      SpecErrorCode.RefRemoteFetchFailed,
      `fetching ${url} returned redirect status ${status}${where}; redirects are not followed, reference the final URL instead.`,
    )
  }
  if (status < 200 || status > 299) {
    await discard(response)
    throw fail(SpecErrorCode.RefRemoteFetchFailed, `fetching ${url} returned status ${status}; expected 2xx.`)
  }
  const declared = Number(response.headers.get('content-length'))
  if (Number.isFinite(declared) && declared > settings.maxBytes) {
    await discard(response)
    throw fail(
      SpecErrorCode.RefRemoteTooLarge,
      `${url} declares ${declared} bytes (Content-Length), over the limit of ${settings.maxBytes} bytes (remoteRefs.maxBytes).`,
    )
  }
  const format =
    formatFromExtension(new URL(load.target).pathname) ??
    formatFromContentType(response.headers.get('content-type'))
  if (format === undefined) {
    await discard(response)
    throw fail(
      SpecErrorCode.UnsupportedExtension,
      `${url} has no .json/.yaml/.yml extension and its Content-Type ${echoValue(response.headers.get('content-type') ?? '<none>')} is neither JSON nor YAML.`,
    )
  }
  const bytes = await readCapped(response, settings.maxBytes, () =>
    fail(
      SpecErrorCode.RefRemoteTooLarge,
      `${url} sent more than ${settings.maxBytes} bytes, the limit (remoteRefs.maxBytes).`,
    ),
  ).catch((error: unknown) => {
    if (isContractToolError(error)) throw error
    if (signal.aborted) throw timedOut(error)
    throw fail(SpecErrorCode.RefRemoteFetchFailed, `reading ${url} failed.`, error)
  })
  return { text: new TextDecoder().decode(bytes), format }
}

async function readCapped(response: Response, maxBytes: number, tooLarge: () => Error): Promise<Uint8Array> {
  if (response.body === null) return new Uint8Array()
  const reader = response.body.getReader()
  const chunks: Uint8Array[] = []
  let total = 0
  for (;;) {
    const { done, value } = await reader.read()
    if (done) break
    total += value.byteLength
    if (total > maxBytes) {
      await reader.cancel().catch(() => undefined)
      throw tooLarge()
    }
    chunks.push(value)
  }
  const bytes = new Uint8Array(total)
  let offset = 0
  for (const chunk of chunks) {
    bytes.set(chunk, offset)
    offset += chunk.byteLength
  }
  return bytes
}

async function discard(response: Response): Promise<void> {
  await response.body?.cancel().catch(() => undefined)
}

function redactLocation(location: string, base: string): string {
  try {
    return redactUrl(new URL(location, base).href)
  } catch {
    return redactUrl(location)
  }
}
