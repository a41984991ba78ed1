// The rules a proposal, a confirmation and a deletion must pass (those of the Safe Transaction Service and the
// Safe Client Gateway: safe-global/safe-transaction-service, safe-global/safe-client-gateway), each failing with
// its own 4xx message. Everything is checked against values the server computes or reads from the chain itself;
// nothing a client sends is trusted.
import * as SafeTx from '@concord/safe/SafeTx'
import { deleteRequestTypedData, totp } from '@concord/safe/serviceRequests'
import { safeTxHashes } from '@concord/safe/verifySafeTx'
import { trustedDelegateCallTargets } from '@concord/safe/versions'
import {
  type Address,
  concat,
  type Hex,
  hashTypedData,
  isAddressEqual,
  type PublicClient,
  zeroAddress,
} from 'viem'
import { HttpError, NotFoundError } from '../../http/errors.ts'
import { type OnChainSafe, ownerSafeControlledBy, readOnChainSafe } from '../../safe/onChainSafe.ts'
import { recoverRequestSigner } from '../../safe/recoverRequestSigner.ts'
import { verifySignatures } from '../../safe/verifySignatures.ts'
import type { DelegatesRepository } from '../delegates/delegates.repository.ts'
import type { ProposeBody } from './proposal.schemas.ts'
import type { Confirmation, Proposal, ProposalsRepository } from './proposals.repository.ts'

const reject = (message: string) => new HttpError(422, message)

/**
 * How far above the Safe's nonce a proposal may be queued. Nothing executes past a gap, so a team never needs
 * more; without a bound one proposal at 2^53 would become every client's recommended next nonce.
 */
export const MAX_NONCE_AHEAD = 100
/** Pending proposals one Safe may hold (all nonces together): a flood of them slowed every queue read. */
export const MAX_QUEUED_PER_SAFE = 300

export type CheckDeps = {
  client: PublicClient
  proposals: ProposalsRepository
  delegates: DelegatesRepository
  now?: () => number
}

const preimageOf = (h: { domainHash: Hex; messageHash: Hex }) =>
  concat(['0x1901', h.domainHash, h.messageHash])

/** A proposal that passes every rule, with the owner confirmations its signatures carry. */
export async function checkProposal(
  deps: CheckDeps,
  p: { chainId: number; safe: Address; body: ProposeBody },
): Promise<{ proposal: Proposal; confirmations: Confirmation[]; state: OnChainSafe }> {
  const { body } = p
  const now = deps.now?.() ?? Date.now()
  const tx = SafeTx.from({
    to: body.to,
    value: BigInt(body.value),
    data: (body.data ?? '0x') as Hex,
    operation: body.operation,
    safeTxGas: BigInt(body.safeTxGas),
    baseGas: BigInt(body.baseGas),
    gasPrice: BigInt(body.gasPrice),
    gasToken: body.gasToken,
    refundReceiver: body.refundReceiver ?? zeroAddress,
    nonce: BigInt(body.nonce),
  })
  const hashes = safeTxHashes(tx, { chainId: p.chainId, address: p.safe })
  if (hashes.safeTxHash !== body.safeTxHash.toLowerCase())
    throw reject(
      `Invalid safeTxHash: this transaction's hash for this Safe and chain is ${hashes.safeTxHash}`,
    )
  if (tx.operation === 1 && !trustedDelegateCallTargets().has(tx.to))
    throw reject(
      `Delegate call to ${tx.to} is not allowed: only MultiSend, MultiSendCallOnly, SignMessageLib and the Safe migration contracts are trusted`,
    )
  // Cheap before the chain is asked: every proposal is signed by its sender (an owner's confirmation, or the
  // proposing delegate's signature), so nobody can queue a transaction in an owner's name.
  if (!body.signature)
    throw reject(
      "Unsigned proposal: the sender's signature of the safeTxHash is required (an owner's confirmation, or the proposing delegate's signature)",
    )
  const state = await readOnChainSafe(deps.client, p.safe)
  if (body.nonce < state.nonce)
    throw reject(`Invalid nonce: ${body.nonce} is below the Safe's nonce ${state.nonce} (already used)`)
  if (body.nonce > state.nonce + MAX_NONCE_AHEAD)
    throw reject(
      `Invalid nonce: ${body.nonce} is more than ${MAX_NONCE_AHEAD} above the Safe's nonce ${state.nonce}`,
    )
  if (await deps.proposals.isExecuted(p.chainId, hashes.safeTxHash))
    throw reject('Transaction already executed')
  const queued = await deps.proposals.queuedNonces(p.chainId, p.safe, state.nonce)
  if (queued.reduce((sum, q) => sum + q.n, 0) >= MAX_QUEUED_PER_SAFE)
    throw reject(
      `The queue of this Safe holds ${MAX_QUEUED_PER_SAFE} transactions, the most allowed: execute or delete some first`,
    )

  const senderIsOwner = state.owners.some((o) => isAddressEqual(o, body.sender))
  const delegator = senderIsOwner
    ? undefined
    : await deps.delegates.delegatorOf({
        chainId: p.chainId,
        safe: p.safe,
        delegate: body.sender,
        owners: state.owners,
        now,
      })
  // Nested Safes: an owner of an owner Safe proposes with its own signature; the owner Safe confirms on chain.
  const ownerSafe =
    senderIsOwner || delegator
      ? undefined
      : await ownerSafeControlledBy(deps.client, state.owners, body.sender)
  if (!senderIsOwner && !delegator && !ownerSafe)
    throw reject(`Sender ${body.sender} is not an owner or a delegate of this Safe`)

  const signatures = await verifySignatures(deps.client, {
    safe: p.safe,
    hash: hashes.safeTxHash,
    preimage: preimageOf(hashes),
    signatures: body.signature,
    // A delegate signs its own proposal (that is not a confirmation); owners sign as owners.
    signers: senderIsOwner ? state.owners : [body.sender],
    signerWord: senderIsOwner
      ? 'an owner of this Safe'
      : delegator
        ? 'the proposing delegate'
        : 'the proposer (an owner of an owner Safe)',
  })
  if (!signatures.some((s) => isAddressEqual(s.owner, body.sender)))
    throw reject('The sender must sign the transaction it proposes')
  if (delegator && signatures.length > 1) throw reject('A delegate proposes with its own signature only')
  if (ownerSafe && signatures.length > 1)
    throw reject('An owner of an owner Safe proposes with its own signature only')

  const proposal: Proposal = {
    chainId: p.chainId,
    safe: p.safe,
    safeTxHash: hashes.safeTxHash,
    nonce: body.nonce,
    to: tx.to,
    value: tx.value.toString(),
    data: tx.data,
    operation: tx.operation,
    safeTxGas: tx.safeTxGas.toString(),
    baseGas: tx.baseGas.toString(),
    gasPrice: tx.gasPrice.toString(),
    gasToken: tx.gasToken,
    refundReceiver: tx.refundReceiver,
    proposer: delegator ?? body.sender,
    proposedByDelegate: delegator ? body.sender : null,
    origin: body.origin ?? null,
    trusted: true,
    submittedAt: now,
  }
  const confirmations: Confirmation[] = senderIsOwner
    ? signatures.map((s) => ({
        chainId: p.chainId,
        safeTxHash: hashes.safeTxHash,
        owner: s.owner,
        signature: s.signature,
        signatureType: s.type,
        submittedAt: now,
      }))
    : []
  return { proposal, confirmations, state }
}

/** The proposal, still open, whose hash the server recomputes from its stored fields. */
async function openProposal(deps: CheckDeps, chainId: number, safeTxHash: string) {
  const proposal = await deps.proposals.get(chainId, safeTxHash)
  if (!proposal) throw new NotFoundError('Transaction not found')
  if (await deps.proposals.isExecuted(chainId, proposal.safeTxHash))
    throw reject('Transaction already executed')
  return proposal
}

export async function checkConfirmation(
  deps: CheckDeps,
  p: { chainId: number; safeTxHash: string; signature: string },
): Promise<{ proposal: Proposal; confirmations: Confirmation[] }> {
  const proposal = await openProposal(deps, p.chainId, p.safeTxHash)
  const safe = proposal.safe as Address
  const state = await readOnChainSafe(deps.client, safe)
  if (proposal.nonce < state.nonce)
    throw reject(`Transaction nonce ${proposal.nonce} was already used (the Safe's nonce is ${state.nonce})`)
  const tx = SafeTx.from({
    to: proposal.to as Address,
    value: BigInt(proposal.value),
    data: proposal.data as Hex,
    operation: proposal.operation as SafeTx.Operation,
    safeTxGas: BigInt(proposal.safeTxGas),
    baseGas: BigInt(proposal.baseGas),
    gasPrice: BigInt(proposal.gasPrice),
    gasToken: proposal.gasToken as Address,
    refundReceiver: proposal.refundReceiver as Address,
    nonce: BigInt(proposal.nonce),
  })
  const hashes = safeTxHashes(tx, { chainId: p.chainId, address: safe })
  const signatures = await verifySignatures(deps.client, {
    safe,
    hash: hashes.safeTxHash,
    preimage: preimageOf(hashes),
    signatures: p.signature,
    signers: state.owners,
  })
  const existing = (await deps.proposals.confirmationsOf(p.chainId, [proposal.safeTxHash])).get(
    proposal.safeTxHash,
  )
  for (const s of signatures)
    if (existing?.some((c) => isAddressEqual(c.owner as Address, s.owner)))
      throw reject(`${s.owner} already confirmed this transaction`)
  const now = deps.now?.() ?? Date.now()
  return {
    proposal,
    confirmations: signatures.map((s) => ({
      chainId: p.chainId,
      safeTxHash: proposal.safeTxHash,
      owner: s.owner,
      signature: s.signature,
      signatureType: s.type,
      submittedAt: now,
    })),
  }
}

export async function checkDeletion(
  deps: CheckDeps,
  p: { chainId: number; safeTxHash: string; signature: string },
): Promise<Proposal> {
  const proposal = await openProposal(deps, p.chainId, p.safeTxHash)
  const now = deps.now?.() ?? Date.now()
  // The current and the previous hour are accepted (a request signed just before the hour turned).
  const signers = await Promise.all(
    [totp(now), totp(now) - 1].map((t) =>
      recoverRequestSigner(
        hashTypedData(
          deleteRequestTypedData({
            chainId: p.chainId,
            safe: proposal.safe as Address,
            safeTxHash: proposal.safeTxHash as Hex,
            totp: t,
          }),
        ),
        p.signature as Hex,
      ),
    ),
  )
  const allowed = [proposal.proposer, proposal.proposedByDelegate].filter((a): a is string => !!a)
  if (!signers.some((s) => s && allowed.some((a) => isAddressEqual(a as Address, s))))
    throw reject(
      'Invalid delete signature: the proposer must sign a DeleteRequest for this transaction (this hour)',
    )
  // Deleting from the middle of the queue would leave a nonce gap that blocks every later transaction.
  const state = await readOnChainSafe(deps.client, proposal.safe as Address)
  const nonces = await deps.proposals.queuedNonces(p.chainId, proposal.safe, state.nonce)
  const last = nonces.at(-1)?.nonce
  const duplicates = nonces.find((n) => n.nonce === proposal.nonce)?.n ?? 0
  if (proposal.nonce >= state.nonce && duplicates < 2 && last !== undefined && proposal.nonce !== last)
    throw reject(
      `Deleting this transaction would leave a nonce gap: delete the transactions after nonce ${proposal.nonce} first, or replace it instead`,
    )
  return proposal
}
