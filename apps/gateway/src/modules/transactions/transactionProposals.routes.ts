import { assessRisks } from '@concord/safe/risks'
// The write side of a Safe's queue, as the Client Gateway's routes take it: propose, confirm, delete. Each passes
// the checks of proposalChecks.ts before anything is stored; the answers are the transaction's details.
import { createRoute, OpenAPIHono, z } from '@hono/zod-openapi'
import type { Address, Hex } from 'viem'
import type { ChangeBus } from '../../changes/changeBus.ts'
import { type BudgetSettings, clientOf, createClientBudget } from '../../http/clientBudget.ts'
import { requireChain, requireSafe } from '../../http/require.ts'
import { ChainIdParam, errorResponses, jsonResponse as json, SafeParams } from '../../http/schemas.ts'
import type { RpcClients } from '../../rpc/rpcClient.ts'
import type { ChainsRepository } from '../chains/chains.repository.ts'
import type { DelegatesRepository } from '../delegates/delegates.repository.ts'
import type { SafesRepository } from '../safes/safes.repository.ts'
import type { MultisigDetails } from './multisigDetails.ts'
import {
  ConfirmBodySchema,
  DeleteBodySchema,
  ProposeBodySchema,
  SafeTxHashParam,
} from './proposal.schemas.ts'
import { checkConfirmation, checkDeletion, checkProposal } from './proposalChecks.ts'
import type { ProposalsRepository } from './proposals.repository.ts'

/** Proposals and confirmations a client may send: 60 at once, then one a second (each is checked on chain). */
export const PROPOSAL_WRITE_BUDGET: BudgetSettings = { capacity: 60, refillPerSecond: 1 }

const Details = z.record(z.string(), z.unknown()).openapi('TransactionDetails')
const body = <T extends z.ZodType>(schema: T) => ({
  body: { content: { 'application/json': { schema } }, required: true },
})
const hashParams = z.object({ chainId: ChainIdParam, safeTxHash: SafeTxHashParam })

const routes = {
  propose: createRoute({
    method: 'post',
    path: '/v1/chains/{chainId}/transactions/{safeAddress}/propose',
    tags: ['transactions'],
    request: {
      params: SafeParams,
      ...body(ProposeBodySchema),
    },
    responses: { 200: json(Details, 'The proposed transaction'), ...errorResponses },
  }),
  confirm: createRoute({
    method: 'post',
    path: '/v1/chains/{chainId}/transactions/{safeTxHash}/confirmations',
    tags: ['transactions'],
    request: { params: hashParams, ...body(ConfirmBodySchema) },
    responses: { 200: json(Details, 'The transaction with the new confirmation'), ...errorResponses },
  }),
  remove: createRoute({
    method: 'delete',
    path: '/v1/chains/{chainId}/transactions/{safeTxHash}',
    tags: ['transactions'],
    request: { params: hashParams, ...body(DeleteBodySchema) },
    responses: { 200: { description: 'Deleted (empty body)' }, ...errorResponses },
  }),
}

/** At most this many risks ride along a notification (most serious first). */
const MAX_NOTIFIED_RISKS = 5

/**
 * The proposal's static risk checks for its notification and webhooks, the owners as the known addresses (a
 * recipient imitating one is flagged). The browser computes them again, with the chain and the simulation.
 */
function proposalRisks(
  proposal: { safe: string; to: string; value: string; data: string; operation: number },
  owners: readonly string[],
) {
  return assessRisks(
    {
      to: proposal.to,
      value: BigInt(proposal.value),
      data: proposal.data as Hex,
      operation: proposal.operation,
    },
    { safe: proposal.safe as Address, known: owners.map((address) => ({ address, name: 'an owner' })) },
  )
    .slice(0, MAX_NOTIFIED_RISKS)
    .map(({ kind, level, title, why }) => ({ kind, level, title, why }))
}

export function createTransactionProposalsRoutes(deps: {
  chains: ChainsRepository
  safes: SafesRepository
  proposals: ProposalsRepository
  delegates: DelegatesRepository
  rpc: RpcClients
  multisigDetails: MultisigDetails
  changes: ChangeBus
  writeBudget?: BudgetSettings | undefined
}) {
  const { proposals, multisigDetails, changes } = deps
  const writes = createClientBudget('proposing and confirming', deps.writeBudget ?? PROPOSAL_WRITE_BUDGET)
  const confirmationCount = async (chainId: number, safeTxHash: string) =>
    (await proposals.confirmationsOf(chainId, [safeTxHash])).get(safeTxHash)?.length ?? 0
  /** Publishes the confirmations a write added, and READY_TO_EXECUTE when they reach the threshold. */
  const publishConfirmations = async (
    proposal: { chainId: number; safe: string; safeTxHash: string },
    added: readonly { owner: string }[],
    before: number,
  ) => {
    const ref = {
      chainId: proposal.chainId,
      address: proposal.safe as Address,
      safeTxHash: proposal.safeTxHash as Hex,
    }
    for (const { owner } of added)
      changes.publish({ type: 'NEW_CONFIRMATION', ...ref, owner: owner as Address })
    const threshold = (await deps.safes.get(proposal.chainId, proposal.safe))?.threshold
    const after = await confirmationCount(proposal.chainId, proposal.safeTxHash)
    if (threshold !== undefined && before < threshold && after >= threshold)
      changes.publish({ type: 'READY_TO_EXECUTE', ...ref })
  }
  const checkDeps = async (chainId: string) => {
    const chain = await requireChain(deps.chains, chainId)
    return { chain, deps: { client: deps.rpc.get(chain), proposals, delegates: deps.delegates } }
  }

  return new OpenAPIHono()
    .openapi(routes.propose, async (c) => {
      const { chainId, safeAddress } = c.req.valid('param')
      writes.spend(clientOf(c.req.raw), 1)
      const { chain, safe } = await requireSafe(deps, chainId, safeAddress)
      const { proposal, confirmations } = await checkProposal((await checkDeps(chainId)).deps, {
        chainId: chain.chainId,
        safe: safe.address as Address,
        body: c.req.valid('json'),
      })
      await proposals.save(proposal, confirmations)
      const details = await multisigDetails(chain.chainId, proposal.safeTxHash)
      changes.publish({
        type: 'PENDING_MULTISIG_TRANSACTION',
        chainId: chain.chainId,
        address: proposal.safe as Address,
        safeTxHash: proposal.safeTxHash as Hex,
        risks: proposalRisks(proposal, safe.owners),
      })
      await publishConfirmations(proposal, confirmations, 0)
      return c.json(details, 200)
    })
    .openapi(routes.confirm, async (c) => {
      const { chainId, safeTxHash } = c.req.valid('param')
      writes.spend(clientOf(c.req.raw), 1)
      const input = c.req.valid('json')
      const { chain, deps: d } = await checkDeps(chainId)
      const { proposal, confirmations } = await checkConfirmation(d, {
        chainId: chain.chainId,
        safeTxHash,
        signature: (input.signedSafeTxHash ?? input.signature) as string,
      })
      const before = await confirmationCount(chain.chainId, proposal.safeTxHash)
      await proposals.addConfirmations(confirmations)
      await publishConfirmations(proposal, confirmations, before)
      return c.json(await multisigDetails(chain.chainId, proposal.safeTxHash), 200)
    })
    .openapi(routes.remove, async (c) => {
      const { chainId, safeTxHash } = c.req.valid('param')
      const { chain, deps: d } = await checkDeps(chainId)
      const proposal = await checkDeletion(d, {
        chainId: chain.chainId,
        safeTxHash,
        signature: c.req.valid('json').signature,
      })
      await proposals.remove(chain.chainId, proposal.safeTxHash)
      changes.publish({
        type: 'DELETED_MULTISIG_TRANSACTION',
        chainId: chain.chainId,
        address: proposal.safe as Address,
        safeTxHash: proposal.safeTxHash as Hex,
      })
      return c.body(null, 200)
    })
}
