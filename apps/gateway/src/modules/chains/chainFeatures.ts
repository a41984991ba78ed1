// The `features` a chain advertises: only what this instance provides for it, derived from the routes that are
// mounted, the configuration and what is deployed on the chain (read once per chain and cached), then changed
// by the chain's and the service key's `add`/`remove` lists. Safe{Wallet} offers an action for each feature it
// sees, so a feature advertised without its backing is an action that cannot work.
import { allowanceModuleDeployments, registryAllowanceModule } from '@concord/safe/modules'
import type { Address, Hex, PublicClient } from 'viem'
import type { ChainConfig } from '../../config/chainConfig.ts'
import { type SiteSettings, safeAppsOn } from '../../config/siteConfig.ts'
import type { RpcClients } from '../../rpc/rpcClient.ts'

export type RouteRef = { method: string; path: string }

/** The routes (Hono paths) each feature needs; a feature is advertised only while all of them are mounted. */
export const FEATURE_ROUTES: Record<string, RouteRef[]> = {
  ERC721: [{ method: 'GET', path: '/v2/chains/:chainId/safes/:safeAddress/collectibles' }],
  SAFE_APPS: [{ method: 'GET', path: '/v1/chains/:chainId/safe-apps' }],
  EIP1271: [
    { method: 'GET', path: '/v1/chains/:chainId/safes/:safeAddress/messages' },
    { method: 'POST', path: '/v1/chains/:chainId/safes/:safeAddress/messages' },
  ],
  PROPOSERS: [
    { method: 'GET', path: '/v2/chains/:chainId/delegates' },
    { method: 'POST', path: '/v2/chains/:chainId/delegates' },
    { method: 'DELETE', path: '/v2/chains/:chainId/delegates/:delegateAddress' },
  ],
  DELETE_TX: [{ method: 'DELETE', path: '/v1/chains/:chainId/transactions/:safeTxHash' }],
  TX_SIMULATION: [{ method: 'POST', path: '/v1/chains/:chainId/safes/:safeAddress/simulations' }],
  CSV_TX_EXPORT: [{ method: 'GET', path: '/v1/chains/:chainId/safes/:safeAddress/transactions/export' }],
  PUSH_NOTIFICATIONS: [
    { method: 'POST', path: '/v1/register/notifications' },
    { method: 'DELETE', path: '/v1/chains/:chainId/notifications/devices/:uuid' },
  ],
  TX_NOTES: [
    { method: 'GET', path: '/v1/chains/:chainId/safes/:safeAddress/notes' },
    { method: 'POST', path: '/v1/chains/:chainId/safes/:safeAddress/notes' },
  ],
  // Safe 1.3.0+ (the only versions Concord indexes) accept safeTxGas 0.
  SAFE_TX_GAS_OPTIONAL: [],
}

/** The spending-limit (Allowance) module at its canonical addresses, newest first (or the chain's own). */
export const ALLOWANCE_MODULES: Address[] = [
  allowanceModuleDeployments['0.1.1'],
  allowanceModuleDeployments['0.1.0'],
]

/** Code that returns the word 1: an eth_call with it as a code override answers 1 only if overrides apply. */
const OVERRIDE_PROBE = {
  address: '0x00000000000000000000000000000000000c0de1',
  code: '0x600160005260206000f3',
}
const ONE = `0x${'0'.repeat(63)}1`

const PROBE_TIMEOUT_MS = 2_000
const FRESH_MS = 5 * 60_000
const RETRY_MS = 30_000

/** `spendingLimit`: the AllowanceModule deployment that has code here (the chain's own first, then v0.1.1, v0.1.0). */
type OnChain = { eip1559: boolean; spendingLimit: Address | null; ens: boolean; stateOverride: boolean }
type Entry = { at: number; ttl: number; value: OnChain; pending?: Promise<OnChain> }

const hasCode = async (client: PublicClient, address: Address) =>
  ((await client.getCode({ address })) ?? '0x').length > 2

/**
 * The spending-limit module a Safe on this chain would use: the chain's own, else the registry's for the chain,
 * else the newest canonical deployment with code (Ethereum and a few older chains have only v0.1.0; a web app aiming at v0.1.1 there would call nothing).
 */
async function allowanceModuleHere(client: PublicClient, chain: ChainConfig): Promise<Address | null> {
  const candidates = [
    chain.contracts.allowanceModule as Address | undefined,
    registryAllowanceModule(chain.chainId),
    ...ALLOWANCE_MODULES,
  ].filter((a): a is Address => !!a)
  const codes = await Promise.all(candidates.map((a) => hasCode(client, a)))
  return candidates.find((_, i) => codes[i]) ?? null
}

/** Each probe on its own: one that fails (a node without the method) only leaves its feature out. */
async function probe(
  client: PublicClient,
  chain: ChainConfig,
): Promise<{ value: OnChain; complete: boolean }> {
  const settled = await Promise.allSettled([
    client.getBlock({ blockTag: 'latest' }).then((b) => b.baseFeePerGas != null),
    allowanceModuleHere(client, chain),
    chain.ensRegistryAddress ? hasCode(client, chain.ensRegistryAddress as Address) : false,
    client
      .request({
        method: 'eth_call',
        params: [
          { to: OVERRIDE_PROBE.address as Address, data: '0x' },
          'latest',
          { [OVERRIDE_PROBE.address]: { code: OVERRIDE_PROBE.code as Hex } },
        ],
      } as never)
      .then((answer) => answer === ONE),
  ])
  const [eip1559, spendingLimit, ens, stateOverride] = settled.map((s) => s.status === 'fulfilled' && s.value)
  return {
    value: {
      eip1559: !!eip1559,
      spendingLimit: typeof spendingLimit === 'string' ? (spendingLimit as Address) : null,
      ens: !!ens,
      stateOverride: !!stateOverride,
    },
    complete: settled.every((s) => s.status === 'fulfilled'),
  }
}

const NOTHING: OnChain = { eip1559: false, spendingLimit: null, ens: false, stateOverride: false }

export function createChainFeatures(deps: {
  rpc: RpcClients
  /** The mounted routes (read on each call: modules mounted after the chains routes count too). */
  routes: () => readonly RouteRef[]
  site: SiteSettings
}) {
  const cache = new Map<number, Entry>()

  /** What the chain holds, from the cache; read (at most PROBE_TIMEOUT_MS) when absent, refreshed when stale. */
  async function onChain(chain: ChainConfig): Promise<OnChain> {
    const now = performance.now()
    let entry = cache.get(chain.chainId)
    if (entry && now - entry.at < entry.ttl) return entry.value
    if (!entry?.pending) {
      const pending = probe(deps.rpc.get(chain), chain).then(({ value, complete }) => {
        cache.set(chain.chainId, { at: performance.now(), ttl: complete ? FRESH_MS : RETRY_MS, value })
        return value
      })
      entry = { at: entry?.at ?? 0, ttl: entry?.ttl ?? 0, value: entry?.value ?? NOTHING, pending }
      cache.set(chain.chainId, entry)
      pending
        .catch(() => {})
        .finally(() => {
          const current = cache.get(chain.chainId)
          if (current?.pending === pending) current.pending = undefined
        })
    }
    // A stale value answers at once while it is refreshed; the first read waits, but not for a stuck node.
    if (entry.at > 0) return entry.value
    let timer: NodeJS.Timeout | undefined
    const waiting = entry
    const timeout = new Promise<OnChain>((resolve) => {
      timer = setTimeout(() => {
        // A node that does not answer in time: nothing is advertised until its answer (or the retry) arrives.
        if (waiting.at === 0) Object.assign(waiting, { at: performance.now(), ttl: RETRY_MS })
        resolve(NOTHING)
      }, PROBE_TIMEOUT_MS)
    })
    return Promise.race([entry.pending as Promise<OnChain>, timeout]).finally(() => clearTimeout(timer))
  }

  const mounted = (feature: string) => {
    const routes = deps.routes()
    return (FEATURE_ROUTES[feature] ?? []).every((need) =>
      routes.some((r) => r.method === need.method && r.path === need.path),
    )
  }

  /** The features this instance provides for the chain before any add/remove list. */
  async function derived(chain: ChainConfig): Promise<string[]> {
    const held = await onChain(chain)
    const features = Object.keys(FEATURE_ROUTES).filter(
      (f) => f !== 'TX_SIMULATION' && f !== 'SAFE_APPS' && mounted(f),
    )
    if (mounted('TX_SIMULATION') && held.stateOverride) features.push('TX_SIMULATION')
    if (mounted('SAFE_APPS') && safeAppsOn(deps.site.safeApps, chain.chainId).length)
      features.push('SAFE_APPS')
    if (held.eip1559) features.push('EIP1559')
    if (held.spendingLimit) features.push('SPENDING_LIMIT')
    if (chain.ensRegistryAddress && held.ens) features.push('DOMAIN_LOOKUP')
    return features
  }

  const apply = (
    features: Iterable<string>,
    change: { add: readonly string[]; remove: readonly string[] },
  ) => {
    const set = new Set([...features, ...change.add])
    for (const f of change.remove) set.delete(f)
    return set
  }

  return {
    /** The AllowanceModule deployment on the chain (null: none), advertised as `allowanceModuleAddress`. */
    async allowanceModule(chain: ChainConfig): Promise<Address | null> {
      return (await onChain(chain)).spendingLimit
    },
    /** v1 features: the chain's own (derived, then its configured add/remove), sorted. */
    async v1(chain: ChainConfig): Promise<string[]> {
      return [...apply(await derived(chain), chain.features)].sort()
    },
    /** v2 features for a service key the caller has checked: the v1 set, then that service's add/remove. */
    async v2(chain: ChainConfig, serviceKey: string): Promise<string[]> {
      const service = deps.site.serviceKeys[serviceKey] ?? { add: [], remove: [] }
      return [...apply(await this.v1(chain), service)].sort()
    },
  }
}

export type ChainFeatures = ReturnType<typeof createChainFeatures>
