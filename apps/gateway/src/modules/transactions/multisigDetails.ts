// TransactionDetails of a multisig transaction, executed (indexed) or still a proposal. An executed one keeps
// its proposer and the real submission times of the confirmations its signatures match; a proposal shows its
// stored confirmations and what is missing against the Safe's owners and threshold.
import { zeroAddress } from 'viem'
import { NotFoundError } from '../../http/errors.ts'
import type { SafesRepository } from '../safes/safes.repository.ts'
import type { Confirmation, Proposal, ProposalsRepository } from './proposals.repository.ts'
import { proposalSummary, type QueueSafe } from './queue.mapper.ts'
import type { MapContexts } from './transactions.context.ts'
import type { MultisigTx, TransactionsRepository } from './transactions.repository.ts'
import { confirmations as executedConfirmations, toDetails, txData } from './txDetails.mapper.ts'
import { addressInfo } from './txInfo.mapper.ts'
import { multisigSummary } from './txSummary.mapper.ts'

const gasFields = (
  tx: Pick<MultisigTx, 'safeTxGas' | 'baseGas' | 'gasPrice' | 'gasToken' | 'refundReceiver'>,
) => ({
  // Unknown parameters (a non-L2 execution no source explained) read as the defaults.
  safeTxGas: tx.safeTxGas ?? '0',
  baseGas: tx.baseGas ?? '0',
  gasPrice: tx.gasPrice ?? '0',
  gasToken: tx.gasToken ?? zeroAddress,
  fee: '0',
  payment: '0',
  refundReceiver: addressInfo(tx.refundReceiver ?? zeroAddress),
})

const proposerFields = (p: Proposal | undefined) => ({
  proposer: p ? addressInfo(p.proposer) : null,
  proposedByDelegate: p?.proposedByDelegate ? addressInfo(p.proposedByDelegate) : null,
})

export function createMultisigDetails(deps: {
  transactions: TransactionsRepository
  proposals: ProposalsRepository
  safes: SafesRepository
  mapContexts: MapContexts
}) {
  const { transactions: repo, proposals, safes } = deps
  const { context, calledAddresses } = deps.mapContexts

  async function executed(tx: MultisigTx, proposal: Proposal | undefined, stored: Confirmation[]) {
    const ctx = await context(tx.chainId, tx.safe, [
      ...calledAddresses([tx]),
      ...(tx.gasToken ? [tx.gasToken] : []),
    ])
    const summary = multisigSummary(tx, ctx)
    const submittedAt = new Map(stored.map((c) => [c.owner, c.submittedAt]))
    return toDetails(tx.safe, summary, {
      txData: txData(tx, ctx),
      detailedExecutionInfo: {
        type: 'MULTISIG',
        submittedAt: proposal?.submittedAt ?? summary.timestamp,
        nonce: tx.nonce,
        ...gasFields(tx),
        safeTxHash: tx.safeTxHash,
        executor: tx.executor ? addressInfo(tx.executor) : null,
        // The owners when it executed, not today's.
        signers: tx.owners.map((o) => addressInfo(o)),
        confirmationsRequired: tx.threshold,
        confirmations: (await executedConfirmations(tx)).map((c) => ({
          ...c,
          submittedAt: submittedAt.get(c.signer.value) ?? c.submittedAt,
        })),
        rejectors: (await proposals.rejectors(tx.chainId, tx.safe, tx.nonce, tx.safeTxHash)).map((o) =>
          addressInfo(o),
        ),
        gasTokenInfo: null,
        trusted: true,
        ...proposerFields(proposal),
      },
    })
  }

  async function queued(p: Proposal, stored: Confirmation[]) {
    const row = await safes.get(p.chainId, p.safe)
    if (!row) throw new NotFoundError(`No Safe at ${p.safe} on chain ${p.chainId}`)
    const safe: QueueSafe = { nonce: row.nonce, threshold: row.threshold, owners: row.owners }
    const ctx = await context(p.chainId, p.safe, [...calledAddresses([p]), p.gasToken])
    const summary = proposalSummary(p, stored, ctx, safe)
    return {
      ...toDetails(
        p.safe,
        { ...summary, txHash: null as unknown as string },
        {
          txData: txData(p, ctx),
          detailedExecutionInfo: {
            type: 'MULTISIG',
            submittedAt: p.submittedAt,
            nonce: p.nonce,
            ...gasFields(p),
            safeTxHash: p.safeTxHash,
            executor: null,
            signers: safe.owners.map((o) => addressInfo(o)),
            confirmationsRequired: safe.threshold,
            confirmations: stored.map((c) => ({
              signer: addressInfo(c.owner),
              signature: c.signature,
              submittedAt: c.submittedAt,
            })),
            rejectors: (await proposals.rejectors(p.chainId, p.safe, p.nonce, p.safeTxHash)).map((o) =>
              addressInfo(o),
            ),
            gasTokenInfo: null,
            trusted: p.trusted,
            ...proposerFields(p),
          },
        },
      ),
      executedAt: null,
    }
  }

  /** Details by safeTxHash; `safe` (from a multisig_<safe>_<hash> id) must match when given. */
  return async function multisigDetails(chainId: number, safeTxHash: string, safe?: string) {
    const hash = safeTxHash.toLowerCase()
    const [tx, proposal, stored] = await Promise.all([
      repo.multisigByHash(chainId, hash),
      proposals.get(chainId, hash),
      proposals.confirmationsOf(chainId, [hash]).then((m) => m.get(hash) ?? []),
    ])
    const owner = tx?.safe ?? proposal?.safe
    if (!owner || (safe && safe !== owner)) throw new NotFoundError('Transaction not found')
    return tx ? executed(tx, proposal, stored) : queued(proposal as Proposal, stored)
  }
}

export type MultisigDetails = ReturnType<typeof createMultisigDetails>
