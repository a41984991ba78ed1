import { SAFE_VERSION, safeV141 } from '@concord/safe/contracts'
import { createRoute, OpenAPIHono } from '@hono/zod-openapi'
import { getAddress } from 'viem'
import { clientOf } from '../../http/clientBudget.ts'
import { NotFoundError } from '../../http/errors.ts'
import { requireChain } from '../../http/require.ts'
import {
  chainAddressParams,
  errorResponses,
  jsonResponse as json,
  safeReadRoute,
} from '../../http/schemas.ts'
import type { RpcClients } from '../../rpc/rpcClient.ts'
import { readSafeAtHead } from '../../safe/onChainSafe.ts'
import type { ChainsRepository } from '../chains/chains.repository.ts'
import type { MessagesRepository } from '../messages/messages.repository.ts'
import type { ProposalsRepository } from '../transactions/proposals.repository.ts'
import type { SafesRepository } from './safes.repository.ts'
import { OwnedSafesSchema, SafeInfoSchema, SafeNoncesSchema } from './safes.schemas.ts'
import type { Watching } from './watching.ts'

const getSafe = safeReadRoute({ suffix: '', schema: SafeInfoSchema, description: 'Safe state' })

const getNonces = safeReadRoute({
  suffix: '/nonces',
  schema: SafeNoncesSchema,
  description: 'Current and recommended nonce',
})

const getOwnedSafes = createRoute({
  method: 'get',
  path: '/v1/chains/{chainId}/owners/{ownerAddress}/safes',
  tags: ['owners'],
  request: {
    params: chainAddressParams('ownerAddress'),
  },
  responses: { 200: json(OwnedSafesSchema, 'Safes the address owns'), ...errorResponses },
})

const CONTRACT_NAMES: Record<string, string> = {
  [safeV141.compatibilityFallbackHandler]: 'CompatibilityFallbackHandler',
}
const info = (value: string) => ({ value, name: CONTRACT_NAMES[value] ?? null, logoUri: null })
const semver = (v: string) => v.split('+')[0]?.split('.').map(Number) ?? []
const older = (a: string, b: string) => {
  const [x, y] = [semver(a), semver(b)]
  for (let i = 0; i < 3; i++) if ((x[i] ?? 0) !== (y[i] ?? 0)) return (x[i] ?? 0) < (y[i] ?? 0)
  return false
}

const implementationInfo = (value: string, version: string | null) => ({
  value,
  name: version ? `Safe ${version}` : null,
  logoUri: null,
})
const versionState = (version: string | null) =>
  !version
    ? ('UNKNOWN' as const)
    : older(version, SAFE_VERSION)
      ? ('OUTDATED' as const)
      : ('UP_TO_DATE' as const)

/**
 * The Safe's nonce and the next free one after it and its queue (a new transaction there leaves no gap and
 * replaces nothing).
 */
export async function recommendedNonces(
  deps: { safes: SafesRepository; proposals: ProposalsRepository },
  chainId: number,
  safe: { address: string; nonce: number },
) {
  const [maxExecuted, queued] = await Promise.all([
    deps.safes.maxExecutedNonce(chainId, safe.address),
    deps.proposals.queuedNonces(chainId, safe.address, safe.nonce),
  ])
  const next = Math.max(
    safe.nonce,
    maxExecuted === null ? 0 : maxExecuted + 1,
    (queued.at(-1)?.nonce ?? -1) + 1,
  )
  return { currentNonce: safe.nonce, recommendedNonce: next }
}

export function createSafesRoutes({
  chains,
  safes,
  proposals,
  messages,
  rpc,
  watching,
}: {
  rpc: RpcClients
  watching: Watching
  chains: ChainsRepository
  safes: SafesRepository
  proposals: ProposalsRepository
  messages: MessagesRepository
}) {
  const nonces = (chainId: number, safe: { address: string; nonce: number }) =>
    recommendedNonces({ safes, proposals }, chainId, safe)
  /**
   * The Safe as the index has it (the indexer stores the version it recognised; an operator's master copy added
   * to the config later still names it), else, for a Safe the index has not reached (created before the start
   * block, or a backfill still under way), as the chain has it at the head: one lookup either way. On a chain in
   * watched mode, opening a Safe the index lacks watches it (within the bounds of watching.ts).
   */
  const safeState = async (chainId: string, address: string, client: string) => {
    const chain = await requireChain(chains, chainId)
    const indexed = await safes.get(chain.chainId, address)
    if (indexed) {
      const configured = chain.masterCopies.find((m) => getAddress(m.address) === indexed.implementation)
      return {
        chain,
        indexed: true,
        safe: { ...indexed, version: indexed.version ?? configured?.version ?? null },
      }
    }
    const onChain = await readSafeAtHead(rpc.get(chain), getAddress(address), chain.masterCopies)
    if (!onChain)
      throw new NotFoundError(`No Safe at ${address} on chain ${chainId} (not deployed or not indexed yet)`)
    await watching.watchOnOpen(chain, getAddress(address), client)
    return { chain, indexed: false, safe: { ...onChain, implementation: onChain.singleton } }
  }

  return new OpenAPIHono()
    .openapi(getSafe, async (c) => {
      const { chainId, safeAddress } = c.req.valid('param')
      const { chain, indexed, safe } = await safeState(chainId, safeAddress, clientOf(c.req.raw))
      // Nothing of a Safe's history is indexed before the index reaches it: empty tags.
      const [tags, queueTag, messagesTag] = indexed
        ? await Promise.all([
            safes.tags(chain.chainId, safe.address),
            proposals.queueTag(chain.chainId, safe.address),
            messages.tag(chain.chainId, safe.address),
          ])
        : [{ collectibles: null, txHistory: null }, null, null]
      const tag = (t: number | null) => (t === null ? null : String(t))
      return c.json(
        {
          address: info(safe.address),
          chainId,
          nonce: safe.nonce,
          threshold: safe.threshold,
          owners: safe.owners.map((o) => ({ value: o, name: null, logoUri: null })),
          implementation: implementationInfo(safe.implementation, safe.version),
          implementationVersionState: versionState(safe.version),
          modules: safe.modules.length ? safe.modules.map(info) : null,
          fallbackHandler: safe.fallbackHandler ? info(safe.fallbackHandler) : null,
          guard: safe.guard ? info(safe.guard) : null,
          version: safe.version,
          collectiblesTag: tag(tags.collectibles),
          txQueuedTag: tag(queueTag),
          txHistoryTag: tag(tags.txHistory),
          messagesTag: tag(messagesTag),
        },
        200,
      )
    })
    .openapi(getNonces, async (c) => {
      const { chainId, safeAddress } = c.req.valid('param')
      const { chain, safe } = await safeState(chainId, safeAddress, clientOf(c.req.raw))
      return c.json(await nonces(chain.chainId, safe), 200)
    })
    .openapi(getOwnedSafes, async (c) => {
      const { chainId, ownerAddress } = c.req.valid('param')
      const chain = await requireChain(chains, chainId)
      return c.json({ safes: await safes.ownedBy(chain.chainId, ownerAddress) }, 200)
    })
}
