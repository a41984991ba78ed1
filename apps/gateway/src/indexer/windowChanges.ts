// What a committed window of blocks changed, as change-bus events: one BLOCK_INDEXED for the chain, one
// EXECUTED_MULTISIG_TRANSACTION per execution, one INCOMING_ETHER / INCOMING_TOKEN per value a Safe received,
// one NEW_CONFIRMATION per owner's on-chain approval (approveHash).
import type { Address, Hex } from 'viem'
import type { Change } from '../changes/changeBus.ts'
import { checksum } from './checksum.ts'
import type { ApprovalRow, ModuleRow, MultisigRow, SafeRow, TransferRow } from './rows.ts'

export function windowChanges(w: {
  chainId: number
  blockNumber: number
  safes: readonly SafeRow[]
  multisig: readonly MultisigRow[]
  modules: readonly ModuleRow[]
  transfers: readonly TransferRow[]
  /** Owners' on-chain approvals (approveHash): each a NEW_CONFIRMATION. */
  approvals?: readonly ApprovalRow[]
  /**
   * Unix seconds: executions and transfers in older blocks are history being caught up on (a first index, a
   * long outage), not news, so they get no event of their own (the BLOCK_INDEXED still names their Safes).
   */
  newsSince?: number
}): Change[] {
  const { chainId } = w
  const isNews = (row: { timestamp: number }) => w.newsSince === undefined || row.timestamp >= w.newsSince
  // checksum() rather than getAddress(): rows repeat the same few Safes, and its Map is cheaper than
  // viem's validation and caches for each of a backfill's thousands of rows.
  const touched = new Set<Address>()
  for (const s of w.safes) touched.add(checksum(s.address))
  for (const rows of [w.multisig, w.modules, w.transfers]) for (const r of rows) touched.add(checksum(r.safe))
  const changes: Change[] = [
    { type: 'BLOCK_INDEXED', chainId, blockNumber: w.blockNumber, safes: [...touched] },
  ]
  for (const m of w.multisig) {
    if (!isNews(m)) continue
    changes.push({
      type: 'EXECUTED_MULTISIG_TRANSACTION',
      chainId,
      address: checksum(m.safe),
      safeTxHash: m.safeTxHash as Hex,
      txHash: m.txHash as Hex,
      failed: !m.success,
    })
  }
  for (const t of w.transfers) {
    if (!isNews(t)) continue
    // Only what the Safe received from someone else (its own outgoing value shows as its execution).
    const safe = checksum(t.safe)
    if (checksum(t.to) !== safe || checksum(t.from) === safe) continue
    const ref = { chainId, address: safe, txHash: t.txHash as Hex }
    if (t.type === 'NATIVE_COIN') changes.push({ type: 'INCOMING_ETHER', ...ref, value: t.value ?? '0' })
    else
      changes.push({
        type: 'INCOMING_TOKEN',
        ...ref,
        tokenAddress: checksum(t.token as string),
        value: t.value ?? null,
        tokenId: t.tokenId ?? null,
      })
  }
  for (const a of w.approvals ?? []) {
    if (!isNews(a)) continue
    changes.push({
      type: 'NEW_CONFIRMATION',
      chainId,
      address: checksum(a.safe),
      safeTxHash: a.safeTxHash as Hex,
      owner: checksum(a.owner),
    })
  }
  return changes
}
