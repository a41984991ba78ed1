// Which singletons make a proxy a Safe, and of which version: the published addresses of every supported
// version, the operator's extra master copies, and any other address whose runtime code hash is a published
// singleton's (chains may hold the same bytecode elsewhere). Code hashes are read once per address.
import { safeSingletons, singletonByCodeHash, versionLabel } from '@concord/safe/versions'
import { type Address, getAddress, keccak256, type PublicClient, toEventSelector } from 'viem'
import type { ChainConfig } from '../config/chainConfig.ts'
import { decodeProxyCreation, PROXY_CREATION_TOPIC, type RawLog } from './events.ts'
import type { MasterCopies } from './rows.ts'

export type MasterCopyResolver = {
  /** The master copies among `candidates` (plus every statically known one), reading unknown code once. */
  resolve(candidates: Iterable<Address>): Promise<MasterCopies>
}

export function createMasterCopyResolver(client: PublicClient, chain: ChainConfig): MasterCopyResolver {
  const known: MasterCopies = new Map()
  for (const s of safeSingletons()) known.set(s.address, { version: versionLabel(s) })
  for (const m of chain.masterCopies) known.set(getAddress(m.address), { version: m.version })
  /** Addresses whose code was read: a master copy's entry, or null for any other contract. */
  const checked = new Map<Address, { version: string } | null>()

  return {
    async resolve(candidates) {
      const unknown = [...new Set(candidates)].filter((a) => !known.has(a) && !checked.has(a))
      await Promise.all(
        unknown.map(async (address) => {
          const code = await client.getCode({ address })
          const match = code && code !== '0x' ? singletonByCodeHash(keccak256(code)) : undefined
          checked.set(address, match ? { version: versionLabel(match) } : null)
        }),
      )
      const out: MasterCopies = new Map(known)
      for (const [address, entry] of checked) if (entry) out.set(address, entry)
      return out
    },
  }
}

const CHANGED_MASTER_COPY_TOPIC = toEventSelector('ChangedMasterCopy(address)')

/** Singletons the window's logs point proxies at: factory creations and migrations (ChangedMasterCopy). */
export function singletonCandidates(logs: RawLog[]): Address[] {
  const out: Address[] = []
  for (const log of logs) {
    // The topic first: decodeProxyCreation costs a layout lookup per log, and a window has thousands.
    if (log.topics[0] === PROXY_CREATION_TOPIC) {
      const created = decodeProxyCreation(log)
      if (created) out.push(created.singleton)
    } else if (log.topics[0] === CHANGED_MASTER_COPY_TOPIC && log.data.length === 66)
      out.push(getAddress(`0x${log.data.slice(26)}`))
  }
  return out
}
