// Which of a Safe's owners are passkey signers, read from the chain: an owner with code that reports a P-256 key
// (getConfiguration) and is the address the factory gives that key. The UI uses it to say when this browser no
// longer knows the passkey of such an owner, instead of silently offering nothing.
import { passkeyContracts } from '@concord/safe/modules'
import { webAuthnSignerAbi, webAuthnSignerFactoryAbi } from '@concord/safe/passkeys'
import { queryOptions } from '@tanstack/react-query'
import { type Config, getBytecode, readContract } from '@wagmi/core'
import { type Address, getAddress, isAddressEqual } from 'viem'

/** Owners looked at, at most (each costs up to three reads). */
const MAX_OWNERS = 20

async function isPasskeySigner(config: Config, chainId: number, owner: Address): Promise<boolean> {
  const code = await getBytecode(config, { address: owner, chainId })
  if (!code || code === '0x') return false
  try {
    const [x, y, verifiers] = await readContract(config, {
      address: owner,
      abi: webAuthnSignerAbi,
      functionName: 'getConfiguration',
      chainId,
    })
    const expected = await readContract(config, {
      address: passkeyContracts.webAuthnSignerFactory,
      abi: webAuthnSignerFactoryAbi,
      functionName: 'getSigner',
      args: [x, y, verifiers],
      chainId,
    })
    return isAddressEqual(expected, owner)
  } catch {
    return false
  }
}

export const passkeySignerOwnersQueryOptions = (config: Config, chainId: string, owners: readonly string[]) =>
  queryOptions({
    queryKey: ['passkeys', 'signer-owners', chainId, owners.map((o) => o.toLowerCase()).sort()],
    queryFn: async () => {
      const found: Address[] = []
      for (const owner of owners.slice(0, MAX_OWNERS).map((o) => getAddress(o)))
        if (await isPasskeySigner(config, Number(chainId), owner)) found.push(owner)
      return found
    },
    staleTime: 60_000,
  })
