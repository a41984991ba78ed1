// What a committed window of blocks changed, as change-bus events: one BLOCK_INDEXED for the chain, one
// EXECUTED_MULTISIG_TRANSACTION per execution, one INCOMING_ETHER / INCOMING_TOKEN per value a Safe received.
import { type Address, getAddress, type Hex } from 'viem'
import type { Change } from '../changes/changeBus.ts'
import type { ModuleRow, MultisigRow, SafeRow, TransferRow } from './rows.ts'

export function windowChanges(w: {
  chainId: number
  blockNumber: number
  safes: readonly SafeRow[]
  multisig: readonly MultisigRow[]
  modules: readonly ModuleRow[]
  transfers: readonly TransferRow[]
  /**
   * Unix seconds: executions and transfers in older blocks are history being caught up on (a first index, a
   * long outage), not news, so they get no event of their own (the BLOCK_INDEXED still names their Safes).
   */
  newsSince?: number
}): Change[] {
  const { chainId } = w
  const isNews = (row: { timestamp: number }) => w.newsSince === undefined || row.timestamp >= w.newsSince
  const touched = new Set<Address>([
    ...w.safes.map((s) => getAddress(s.address)),
    ...w.multisig.map((m) => getAddress(m.safe)),
    ...w.modules.map((m) => getAddress(m.safe)),
    ...w.transfers.map((t) => getAddress(t.safe)),
  ])
  const changes: Change[] = [
    { type: 'BLOCK_INDEXED', chainId, blockNumber: w.blockNumber, safes: [...touched] },
  ]
  for (const m of w.multisig.filter(isNews))
    changes.push({
      type: 'EXECUTED_MULTISIG_TRANSACTION',
      chainId,
      address: getAddress(m.safe),
      safeTxHash: m.safeTxHash as Hex,
      txHash: m.txHash as Hex,
      failed: !m.success,
    })
  for (const t of w.transfers.filter(isNews)) {
    // Only what the Safe received from someone else (its own outgoing value shows as its execution).
    if (getAddress(t.to) !== getAddress(t.safe) || getAddress(t.from) === getAddress(t.safe)) continue
    const ref = { chainId, address: getAddress(t.safe), txHash: t.txHash as Hex }
    if (t.type === 'NATIVE_COIN') changes.push({ type: 'INCOMING_ETHER', ...ref, value: t.value ?? '0' })
    else
      changes.push({
        type: 'INCOMING_TOKEN',
        ...ref,
        tokenAddress: getAddress(t.token as string),
        value: t.value ?? null,
        tokenId: t.tokenId ?? null,
      })
  }
  return changes
}
