/**
 * Runtime configuration, set when the page is served (not at build time), so one build can be pointed at any
 * gateway. Our gateway inlines it into the page it serves (a JSON data block, read without a round trip); a
 * static deployment ships a default `/config.json` next to the page, fetched at startup.
 */
export type RuntimeConfig = {
  /** Gateway base URL; '' means the page's own origin. */
  gatewayUrl: string
  walletConnectProjectId: string | null
  /** Chain id (decimal string) of the embedded devnet, when one runs behind the gateway. */
  devnetChainId: string | null
  /** Every devnet chain (decimal ids) when several run (npm start's second chain); absent: devnetChainId only. */
  devnetChainIds?: string[]
}

export class RuntimeConfigError extends Error {
  override name = 'RuntimeConfigError'
}

const optionalString = (value: unknown, key: string): string | null => {
  if (value === undefined || value === null) return null
  if (typeof value !== 'string')
    throw new RuntimeConfigError(`config.json: "${key}" must be a string or null`)
  const trimmed = value.trim()
  return trimmed === '' ? null : trimmed
}

/** Validates the parsed JSON of config.json. Unknown keys are ignored. */
export function parseRuntimeConfig(json: unknown): RuntimeConfig {
  if (typeof json !== 'object' || json === null || Array.isArray(json))
    throw new RuntimeConfigError('config.json must contain a JSON object')
  const raw = json as Record<string, unknown>
  const devnetChainId = optionalString(raw.devnetChainId, 'devnetChainId')
  if (devnetChainId !== null && !/^\d+$/.test(devnetChainId))
    throw new RuntimeConfigError('config.json: "devnetChainId" must be a decimal chain id')
  const ids = raw.devnetChainIds
  if (
    ids !== undefined &&
    (!Array.isArray(ids) || !ids.every((id) => typeof id === 'string' && /^\d+$/.test(id)))
  )
    throw new RuntimeConfigError('config.json: "devnetChainIds" must be a list of decimal chain ids')
  return {
    gatewayUrl: optionalString(raw.gatewayUrl, 'gatewayUrl') ?? '',
    walletConnectProjectId: optionalString(raw.walletConnectProjectId, 'walletConnectProjectId'),
    devnetChainId,
    ...(ids ? { devnetChainIds: ids as string[] } : {}),
  }
}

/** URL of config.json: at the app's base path, not relative to the current route. */
export const runtimeConfigUrl = (): string => `${import.meta.env.BASE_URL}config.json`

/** The id of the data block the gateway writes into the page (apps/gateway/src/web/appShell.ts). */
export const INLINE_CONFIG_ID = 'concord-config'

/** The config inlined into the page by the gateway serving it, or null (none there: fetch config.json). */
export function readInlineRuntimeConfig(
  doc: Pick<Document, 'getElementById'> = document,
): RuntimeConfig | null {
  const text = doc.getElementById(INLINE_CONFIG_ID)?.textContent
  if (!text) return null
  let json: unknown
  try {
    json = JSON.parse(text)
  } catch {
    throw new RuntimeConfigError('The page’s inline configuration is not valid JSON')
  }
  return parseRuntimeConfig(json)
}

export async function loadRuntimeConfig(signal?: AbortSignal): Promise<RuntimeConfig> {
  const response = await fetch(runtimeConfigUrl(), { signal, cache: 'no-store' })
  if (!response.ok)
    throw new RuntimeConfigError(`Could not load config.json: ${response.statusText || response.status}`)
  let json: unknown
  try {
    json = await response.json()
  } catch {
    throw new RuntimeConfigError('config.json is not valid JSON')
  }
  return parseRuntimeConfig(json)
}

/**
 * The gateway the app talks to: the user's override from Settings wins, then config.json,
 * then the page's own origin. Trailing slashes are removed because the SDK appends `/v1/...`.
 */
export function resolveGatewayUrl(parameters: {
  userOverride: string | null | undefined
  configured: string
  pageOrigin: string
}): string {
  const candidate = parameters.userOverride?.trim() || parameters.configured.trim() || parameters.pageOrigin
  return candidate.replace(/\/+$/, '')
}

/** Accepts absolute http(s) URLs only; returns an error text or null. */
export function validateGatewayUrl(value: string): string | null {
  const trimmed = value.trim()
  if (trimmed === '') return null
  let url: URL
  try {
    url = new URL(trimmed)
  } catch {
    return 'Enter an absolute URL, e.g. https://safe-client.safe.global'
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    return 'The gateway URL must start with http:// or https://'
  if (url.search || url.hash) return 'The gateway URL must not contain a query or fragment'
  return null
}
