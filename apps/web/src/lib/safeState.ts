import { safeAbi } from '@concord/safe/contracts'
import { type Address, createPublicClient, custom, type EIP1193Provider, isAddressEqual } from 'viem'
import type { Config } from 'wagmi'
import { getAccount, readContracts } from 'wagmi/actions'

/** What signing and execution are checked against: the Safe's owners, threshold and nonce, from the chain. */
export type OnChainSafe = { owners: readonly Address[]; threshold: number; nonce: bigint }

/** The configured RPC and the wallet's own node answer differently: one of them lies, so nothing is signed. */
export class NodesDisagreeError extends Error {
  override name = 'NodesDisagreeError'
  constructor(readonly fields: string[]) {
    super(
      `The chain's configured RPC and your wallet's own node disagree about this Safe's ${fields.join(', ')}: signing stops. ` +
        'One of them does not tell the truth; check the RPC URL of this chain (it comes from the gateway) before going on.',
    )
  }
}

const safeCalls = (safe: Address) =>
  [
    { address: safe, abi: safeAbi, functionName: 'getOwners' },
    { address: safe, abi: safeAbi, functionName: 'getThreshold' },
    { address: safe, abi: safeAbi, functionName: 'nonce' },
  ] as const

/** Why a transaction's required confirmations (the gateway's) are not the Safe's threshold (the chain's). */
export function thresholdProblem(claimed: number, onChain: number): string | undefined {
  return claimed === onChain
    ? undefined
    : `The gateway says ${claimed} confirmations are required; the Safe on chain requires ${onChain}`
}

/** The fields on which two readings of the same Safe differ (owners compared in order, as getOwners lists them). */
export function safeStateDifference(a: OnChainSafe, b: OnChainSafe): string[] {
  const differs: string[] = []
  const sameOwners =
    a.owners.length === b.owners.length &&
    a.owners.every((owner, index) => {
      const other = b.owners[index]
      return other !== undefined && isAddressEqual(owner, other)
    })
  if (!sameOwners) differs.push('owners')
  if (a.threshold !== b.threshold) differs.push('threshold')
  if (a.nonce !== b.nonce) differs.push('nonce')
  return differs
}

/**
 * The Safe as the connected wallet's own node sees it, when the wallet is on `chainId`: a browser wallet reads
 * through its own RPC, not the one the gateway configured. Undefined when no wallet can answer (none connected,
 * another chain, a wallet that refuses eth_call).
 */
async function readThroughWallet(
  config: Config,
  chainId: number,
  safe: Address,
): Promise<OnChainSafe | undefined> {
  const account = getAccount(config)
  if (account.status !== 'connected' || account.chainId !== chainId || !account.connector) return undefined
  try {
    const provider = (await account.connector.getProvider({ chainId })) as EIP1193Provider | undefined
    if (!provider?.request) return undefined
    const client = createPublicClient({ transport: custom(provider) })
    const [owners, threshold, nonce] = await Promise.all(
      safeCalls(safe).map((call) => client.readContract(call)),
    )
    return { owners: owners as readonly Address[], threshold: Number(threshold), nonce: nonce as bigint }
  } catch {
    return undefined
  }
}

/**
 * Owners, threshold and nonce read from the chain itself: what the gateway says is checked against this. Read
 * through the chain's configured RPC and, when a wallet is connected on that chain, through the wallet's node as
 * well; if the two disagree the read fails with NodesDisagreeError (a lying gateway can point the RPC elsewhere).
 */
export async function readSafeState(config: Config, chainId: number, safe: Address): Promise<OnChainSafe> {
  const [configured, wallet] = await Promise.all([
    readContracts(config, {
      allowFailure: false,
      contracts: safeCalls(safe).map((call) => ({ ...call, chainId })),
    }).then(([owners, threshold, nonce]) => ({
      owners: owners as readonly Address[],
      threshold: Number(threshold),
      nonce: nonce as bigint,
    })),
    readThroughWallet(config, chainId, safe),
  ])
  if (wallet) {
    const differs = safeStateDifference(configured, wallet)
    // An execution may land between the two reads: the nonces may differ by one, owners and threshold not at all.
    const gap =
      wallet.nonce > configured.nonce ? wallet.nonce - configured.nonce : configured.nonce - wallet.nonce
    const lies = differs.filter((field) => field !== 'nonce' || gap > 1n)
    if (lies.length > 0) throw new NodesDisagreeError(lies)
  }
  return configured
}
