// Facts about a Safe's creation that its events do not carry, read from the chain: the singleton of a proxy
// set up outside a factory call, and the creation transaction's sender and salt.
import { safeProxyFactoryAbi } from '@concord/safe/contracts'
import { type Address, decodeFunctionData, getAddress, type Hex, type PublicClient, sliceHex } from 'viem'
import { decodeProxyCreation, PROXY_CREATION_TOPIC, type RawLog, SAFE_SETUP_TOPIC } from './events.ts'
import type { SafeRow } from './rows.ts'

/** The node no longer holds the state of that block (a non-archive node past its ~128 blocks). */
export const stateMissing = (error: unknown) =>
  /missing trie node|historical state|state (is )?(not available|unavailable|pruned)|state .*not found|header not found|pruned|archive/i.test(
    error instanceof Error ? error.message : String(error),
  )

/** Singleton (storage slot 0) of proxies set up outside a factory call in these logs. */
export async function singletonsWithoutFactory(
  client: PublicClient,
  logs: RawLog[],
): Promise<Map<Address, Address>> {
  const viaFactory = new Set<string>()
  for (const l of logs) {
    if (l.topics[0] !== PROXY_CREATION_TOPIC) continue
    const created = decodeProxyCreation(l)
    if (created) viaFactory.add(`${l.txHash}:${created.proxy}`)
  }
  const todo = logs.filter(
    (l) => l.topics[0] === SAFE_SETUP_TOPIC && !viaFactory.has(`${l.txHash}:${getAddress(l.address)}`),
  )
  const out = new Map<Address, Address>()
  await Promise.all(
    todo.map(async (l) => {
      const read = (blockNumber?: bigint) =>
        client.getStorageAt({ address: l.address, slot: '0x0', ...(blockNumber ? { blockNumber } : {}) })
      // A non-archive node keeps ~128 blocks of state: an older setup's singleton is read at the head (a later
      // change of singleton is an event of its own, replayed after this one).
      const slot = await read(BigInt(l.blockNumber)).catch((error: unknown) => {
        if (stateMissing(error)) return read()
        throw error
      })
      if (slot) out.set(getAddress(l.address), getAddress(sliceHex(slot, 12)))
    }),
  )
  return out
}

/**
 * Creator (the transaction's sender) and salt of Safes whose creation was replayed from events alone (the
 * creator is then still SafeSetup's initiator, the factory, and the salt unknown).
 */
export async function readCreations(client: PublicClient, rows: SafeRow[]): Promise<void> {
  const created = rows.filter((r) => r.saltNonce === null && r.factory !== null && r.creator === r.factory)
  await Promise.all(
    created.map(async (safe) => {
      const tx = await client.getTransaction({ hash: safe.creationTxHash as Hex })
      safe.creator = getAddress(tx.from)
      try {
        const call = decodeFunctionData({ abi: safeProxyFactoryAbi, data: tx.input })
        if (call.functionName === 'createProxyWithNonce' && tx.to && getAddress(tx.to) === safe.factory)
          safe.saltNonce = String(call.args[2])
      } catch {
        // created through another contract: no salt to show
      }
    }),
  )
}
