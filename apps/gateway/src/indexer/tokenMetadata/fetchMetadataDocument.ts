// Reads a tokenURI document: `data:` URIs inline, http(s) through a (guarded) fetch, both under the same size
// cap. Every failure is a MetadataDocumentError that says whether the metadata host may answer later.
import { GatewayError } from '../../errors/GatewayError.ts'
import { createMetadataFetch, RefusedUrlError } from './guardedFetch.ts'

/** Limits for tokenURI documents (http bodies and decoded data: URIs alike). */
export const METADATA_FETCH = { timeoutMs: 5_000, maxBytes: 256 * 1024 } as const

/**
 * A tokenURI document that could not be read. `retry`: the host failed (5xx, 408, 429, timeout, network), so a
 * later attempt may succeed; otherwise the answer is final (4xx, too large, not JSON, refused URL).
 */
export class MetadataDocumentError extends GatewayError {
  override name = 'MetadataDocumentError'
  constructor(
    message: string,
    readonly retry: boolean,
  ) {
    super(message, { retryable: retry })
  }
}

export type MetadataDocument = Record<string, unknown>

/** The fetch used when none is given: private hosts refused (created on first use). */
let guardedFetch: typeof fetch | undefined
const defaultFetch: typeof fetch = (input, init) => {
  guardedFetch ??= createMetadataFetch({ allowPrivateHosts: false })
  return guardedFetch(input, init)
}

export async function fetchMetadataDocument(
  uri: string,
  fetchImpl: typeof fetch = defaultFetch,
  limits: { timeoutMs: number; maxBytes: number } = METADATA_FETCH,
): Promise<MetadataDocument> {
  if (uri.startsWith('data:')) return parseDocument(dataUriText(uri, limits.maxBytes))
  if (!/^https?:\/\//.test(uri)) throw final(`unsupported URI scheme: ${uri.slice(0, 16).split(':')[0]}`)
  let res: Response
  try {
    res = await fetchImpl(uri, { signal: AbortSignal.timeout(limits.timeoutMs), redirect: 'follow' })
  } catch (error) {
    // A refusal of the guard is final; anything else (DNS, refused connection, timeout) is the host's.
    throw new MetadataDocumentError(describe(error), !(error instanceof RefusedUrlError))
  }
  // A body that is not read must be cancelled, or its connection stays open until garbage collection.
  const discard = async (error: MetadataDocumentError) => {
    await res.body?.cancel().catch(() => {})
    throw error
  }
  if (!res.ok) return discard(new MetadataDocumentError(`HTTP ${res.status}`, isRetryStatus(res.status)))
  const declared = Number(res.headers.get('content-length') ?? 0)
  if (declared > limits.maxBytes) return discard(final('metadata document too large'))
  const reader = res.body?.getReader()
  if (!reader) throw final('empty metadata document')
  const chunks: Uint8Array[] = []
  let size = 0
  try {
    for (;;) {
      const { done, value } = await reader.read()
      if (done) break
      size += value.byteLength
      if (size > limits.maxBytes) {
        await reader.cancel().catch(() => {})
        throw final('metadata document too large')
      }
      chunks.push(value)
    }
  } catch (error) {
    if (error instanceof MetadataDocumentError) throw error
    throw new MetadataDocumentError(describe(error), true) // the connection broke or timed out mid-body
  }
  return parseDocument(Buffer.concat(chunks).toString('utf8'))
}

const final = (message: string) => new MetadataDocumentError(message, false)

const isRetryStatus = (status: number) => status >= 500 || status === 408 || status === 429

/** The text of a data: URI, refused above `maxBytes` (checked on the URI before decoding anything). */
function dataUriText(uri: string, maxBytes: number): string {
  // base64 takes 4 characters per 3 bytes; a longer URI cannot hold a document within the cap.
  if (uri.length > Math.ceil((maxBytes * 4) / 3) + 1024) throw final('metadata document too large')
  const comma = uri.indexOf(',')
  if (comma < 0) throw final('malformed data: URI')
  const header = uri.slice(5, comma)
  const body = uri.slice(comma + 1)
  let text: string
  try {
    text = header.endsWith(';base64')
      ? Buffer.from(body, 'base64').toString('utf8')
      : decodeURIComponent(body)
  } catch {
    throw final('malformed data: URI')
  }
  if (Buffer.byteLength(text) > maxBytes) throw final('metadata document too large')
  return text
}

function parseDocument(text: string): MetadataDocument {
  let value: unknown
  try {
    value = JSON.parse(text)
  } catch (error) {
    throw final(`invalid JSON: ${(error as Error).message}`)
  }
  if (!value || typeof value !== 'object' || Array.isArray(value)) throw final('metadata is not an object')
  return value as MetadataDocument
}

/** A short message for a fetch failure, with its cause (fetch says only 'fetch failed'). */
function describe(error: unknown): string {
  const e = error as { name?: string; message?: string; cause?: { code?: string; message?: string } }
  if (e.name === 'TimeoutError' || e.name === 'AbortError') return 'metadata host timed out'
  const cause = e.cause?.code ?? e.cause?.message
  return cause ? `${e.message}: ${cause}` : String(e.message ?? error)
}
