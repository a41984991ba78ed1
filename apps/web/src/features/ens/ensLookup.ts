import {
  type Address,
  type Chain,
  type Client,
  getAddress,
  parseAbi,
  type Transport,
  zeroAddress,
} from 'viem'
import { readContract } from 'viem/actions'
import { getEnsAvatar, getEnsName, namehash, normalize, parseAvatarRecord } from 'viem/ens'
import type { EnsSource } from './ensSource'

// ENS reverse names and avatars for a chain whose gateway config names an ENS registry (`ensRegistryAddress`).
// Where the registry is ENS's own on a chain viem knows a universal resolver for, viem's getEnsName and
// getEnsAvatar ask that resolver; any other registry (a private deployment) is read directly: the reverse
// record's resolver gives the name, the name's resolver must give back the address (else no name), and its
// `avatar` text record is parsed as viem does. Without a registry nothing is asked.

const registryAbi = parseAbi(['function resolver(bytes32 node) view returns (address)'])
const resolverAbi = parseAbi([
  'function name(bytes32 node) view returns (string)',
  'function addr(bytes32 node) view returns (address)',
  'function text(bytes32 node, string key) view returns (string)',
])

type EnsClient = Client<Transport, Chain | undefined>

async function resolverOf(client: EnsClient, registry: Address, node: `0x${string}`) {
  const resolver = await readContract(client, {
    address: registry,
    abi: registryAbi,
    functionName: 'resolver',
    args: [node],
  })
  return resolver === zeroAddress ? undefined : resolver
}

/** The primary ENS name of `address` (checked forward), or null. */
export async function lookupEnsName(
  client: EnsClient,
  source: EnsSource,
  address: string,
): Promise<string | null> {
  const checked = getAddress(address)
  if (source.universalResolver)
    return getEnsName(client, { address: checked, universalResolverAddress: source.universalResolver })
  const reverse = namehash(`${checked.slice(2).toLowerCase()}.addr.reverse`)
  const reverseResolver = await resolverOf(client, source.registry, reverse)
  if (!reverseResolver) return null
  const name = await readContract(client, {
    address: reverseResolver,
    abi: resolverAbi,
    functionName: 'name',
    args: [reverse],
  })
  if (!name) return null
  const node = namehash(normalize(name))
  const resolver = await resolverOf(client, source.registry, node)
  if (!resolver) return null
  const forward = await readContract(client, {
    address: resolver,
    abi: resolverAbi,
    functionName: 'addr',
    args: [node],
  })
  return forward === checked ? name : null
}

/** The avatar URL of an ENS name, or null. */
export async function lookupEnsAvatar(
  client: EnsClient,
  source: EnsSource,
  name: string,
): Promise<string | null> {
  const normalized = normalize(name)
  if (source.universalResolver)
    return getEnsAvatar(client, { name: normalized, universalResolverAddress: source.universalResolver })
  const node = namehash(normalized)
  const resolver = await resolverOf(client, source.registry, node)
  if (!resolver) return null
  const record = await readContract(client, {
    address: resolver,
    abi: resolverAbi,
    functionName: 'text',
    args: [node, 'avatar'],
  })
  return record ? parseAvatarRecord(client, { record }) : null
}
