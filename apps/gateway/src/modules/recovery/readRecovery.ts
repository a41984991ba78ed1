// A Safe's recovery as the chain holds it now: the Safe's modules that are Delay proxies (recognised by their
// runtime code, the canonical mastercopy's minimal proxy) whose avatar and target are this Safe, their
// recoverers, windows and queue. Read at request time rather than indexed: a Delay's queue is short and lives
// only until it runs or is skipped, and the head is what owners must act on.
import { safeAbi } from '@concord/safe/contracts'
import {
  type DelayRecovery,
  delayAbi,
  isDelayProxyCode,
  ownerChangeOutcome,
  type QueuedRecovery,
  type SafeRecovery,
} from '@concord/safe/recovery'

export type { DelayRecovery, QueuedRecovery, SafeRecovery }

import { type Address, getAddress, type Hex, isAddressEqual, type PublicClient } from 'viem'

const SENTINEL: Address = '0x0000000000000000000000000000000000000001'
/** Modules read per Safe and recoverers per Delay (Safe{Wallet} sets up one or a few). */
export const MAX_RECOVERY_MODULES = 50
/** Queued recoveries listed per Delay: past that, owners cancel them all with one setTxNonce anyway. */
export const MAX_QUEUED_RECOVERIES = 20

export async function readRecovery(client: PublicClient, safe: Address): Promise<SafeRecovery> {
  const [[modules], owners, block] = await Promise.all([
    client.readContract({
      address: safe,
      abi: safeAbi,
      functionName: 'getModulesPaginated',
      args: [SENTINEL, BigInt(MAX_RECOVERY_MODULES)],
    }),
    client.readContract({ address: safe, abi: safeAbi, functionName: 'getOwners' }),
    client.getBlock(),
  ])
  const codes = await Promise.all(modules.map((module) => client.getCode({ address: module })))
  const delays = modules.filter((_, i) => isDelayProxyCode(codes[i]))
  const read = await Promise.all(delays.map((delay) => readDelay(client, safe, delay, owners)))
  return { delays: read.filter((d): d is DelayRecovery => d !== null), now: Number(block.timestamp) }
}

async function readDelay(
  client: PublicClient,
  safe: Address,
  delay: Address,
  owners: readonly Address[],
): Promise<DelayRecovery | null> {
  const call = <F extends 'avatar' | 'target' | 'txCooldown' | 'txExpiration' | 'txNonce' | 'queueNonce'>(
    functionName: F,
  ) => client.readContract({ address: delay, abi: delayAbi, functionName } as never) as Promise<unknown>
  const [avatar, target, cooldown, expiration, txNonce, queueNonce, [recoverers]] = (await Promise.all([
    call('avatar'),
    call('target'),
    call('txCooldown'),
    call('txExpiration'),
    call('txNonce'),
    call('queueNonce'),
    client.readContract({
      address: delay,
      abi: delayAbi,
      functionName: 'getModulesPaginated',
      args: [SENTINEL, BigInt(MAX_RECOVERY_MODULES)],
    }),
  ])) as [Address, Address, bigint, bigint, bigint, bigint, readonly [readonly Address[], Address]]
  // A Delay in front of another account is not this Safe's recovery.
  if (!isAddressEqual(avatar, safe) || !isAddressEqual(target, safe)) return null
  const pending = Array.from(
    { length: Math.min(Number(queueNonce - txNonce), MAX_QUEUED_RECOVERIES) },
    (_, i) => txNonce + BigInt(i),
  )
  const queue = pending.length
    ? await readQueue(client, safe, delay, owners, pending, {
        cooldown: Number(cooldown),
        expiration: Number(expiration),
        txNonce: Number(txNonce),
      })
    : []
  return {
    address: getAddress(delay),
    recoverers: recoverers.map((r) => getAddress(r)),
    cooldown: Number(cooldown),
    expiration: Number(expiration),
    txNonce: Number(txNonce),
    queueNonce: Number(queueNonce),
    queue,
  }
}

/** The queued transactions' parameters from their TransactionAdded logs (the contract keeps only their hash). */
async function readQueue(
  client: PublicClient,
  safe: Address,
  delay: Address,
  owners: readonly Address[],
  nonces: bigint[],
  windows: { cooldown: number; expiration: number; txNonce: number },
): Promise<QueuedRecovery[]> {
  const [logs, createdAt] = await Promise.all([
    client.getContractEvents({
      address: delay,
      abi: delayAbi,
      eventName: 'TransactionAdded',
      args: { queueNonce: nonces },
      fromBlock: 'earliest',
    }),
    Promise.all(
      nonces.map((nonce) =>
        client.readContract({ address: delay, abi: delayAbi, functionName: 'txCreatedAt', args: [nonce] }),
      ),
    ),
  ])
  return nonces.flatMap((nonce, i) => {
    const log = logs.find((l) => l.args.queueNonce === nonce)
    if (!log) return []
    const { txHash, to, value, data, operation } = log.args as {
      txHash: Hex
      to: Address
      value: bigint
      data: Hex
      operation: number
    }
    const created = Number(createdAt[i])
    const executableAt = created + windows.cooldown
    const outcome = ownerChangeOutcome(safe, owners, { to, value, data, operation })
    return [
      {
        queueNonce: Number(nonce),
        txHash,
        to: getAddress(to),
        value: value.toString(),
        data,
        operation,
        createdAt: created,
        executableAt,
        expiresAt: windows.expiration === 0 ? null : executableAt + windows.expiration,
        newOwners: outcome ? outcome.owners.map((o) => getAddress(o)) : null,
        newThreshold: outcome?.threshold ?? null,
        next: Number(nonce) === windows.txNonce,
      },
    ]
  })
}
