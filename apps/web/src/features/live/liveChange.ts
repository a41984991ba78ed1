// What the gateway's live stream (GET /v1/live) sends: one JSON change per event, named as the Safe
// Transaction Service names its events. Mirrors the gateway's changes/changeBus.ts (the web cannot import it).

type SafeRef = { chainId: number; address: string }

export type LiveChange =
  | { type: 'BLOCK_INDEXED'; chainId: number; blockNumber: number; safes: string[] }
  | (SafeRef & { type: 'PENDING_MULTISIG_TRANSACTION'; safeTxHash: string })
  | (SafeRef & { type: 'NEW_CONFIRMATION'; safeTxHash: string; owner: string })
  | (SafeRef & { type: 'READY_TO_EXECUTE'; safeTxHash: string })
  | (SafeRef & { type: 'EXECUTED_MULTISIG_TRANSACTION'; safeTxHash: string; txHash: string; failed: boolean })
  | (SafeRef & { type: 'DELETED_MULTISIG_TRANSACTION'; safeTxHash: string })
  | (SafeRef & { type: 'INCOMING_ETHER'; txHash: string; value: string })
  | (SafeRef & { type: 'INCOMING_TOKEN'; txHash: string; tokenAddress: string })
  | (SafeRef & { type: 'MESSAGE_CREATED'; messageHash: string })
  | (SafeRef & { type: 'MESSAGE_CONFIRMATION'; messageHash: string; owner: string })
  | (SafeRef & { type: 'MESSAGE_CONFIRMED'; messageHash: string })
  | (SafeRef & { type: 'RECOVERY_PROPOSED'; delay: string; queueNonce: number })
  | (SafeRef & {
      type: 'TEAM_DATA_UPDATED'
      what: 'addressBook' | 'notes' | 'notifications' | 'delegates'
    })

/** A change from the stream, or undefined for anything this build does not know (a newer gateway). */
export function parseLiveChange(data: string): LiveChange | undefined {
  try {
    const value = JSON.parse(data) as { type?: unknown; chainId?: unknown }
    if (typeof value?.type !== 'string' || typeof value.chainId !== 'number') return undefined
    return value as LiveChange
  } catch {
    return undefined
  }
}
