// Demo ERC20s, an ERC721 and a relayer compiled from ../../contracts (artifact committed, rebuilt by
// `npm run compile`).
import { createRequire } from 'node:module'
import type { Abi, Address, Hex } from 'viem'
import type { DevnetClient } from '../client.ts'

const require = createRequire(import.meta.url)
type Artifact = { abi: Abi; bytecode: Hex }
const artifacts = require('../../artifacts/DemoContracts.json') as {
  DemoToken: Artifact
  DemoCollectible: Artifact
  DemoRelayer: Artifact
}

export type DemoAssets = {
  /** 6-decimal stablecoin-like token. */
  usd: Address
  /** 18-decimal governance-like token. */
  gov: Address
  collectible: Address
}

export const demoTokenInfo = {
  usd: { name: 'Concord USD', symbol: 'cUSD', decimals: 6, supply: 10_000_000n * 10n ** 6n },
  gov: { name: 'Concord Governance', symbol: 'CGT', decimals: 18, supply: 1_000_000n * 10n ** 18n },
} as const

async function deploy(
  client: DevnetClient,
  from: Address,
  artifact: Artifact,
  args: unknown[],
): Promise<Address> {
  const hash = await client.deployContract({ account: from, ...artifact, args })
  const receipt = await client.waitForTransactionReceipt({ hash })
  if (!receipt.contractAddress) throw new Error('demo contract deployment failed')
  return receipt.contractAddress
}

export async function deployDemoAssets(client: DevnetClient, holder: Address): Promise<DemoAssets> {
  const token = (t: (typeof demoTokenInfo)[keyof typeof demoTokenInfo]) =>
    deploy(client, holder, artifacts.DemoToken, [t.name, t.symbol, t.decimals, t.supply, holder])
  return {
    usd: await token(demoTokenInfo.usd),
    gov: await token(demoTokenInfo.gov),
    collectible: await deploy(client, holder, artifacts.DemoCollectible, []),
  }
}

export const demoCollectibleAbi = artifacts.DemoCollectible.abi

/** The relaying contract: `relay(target, data)` calls target, so a transaction's own calldata is relay(). */
export function deployDemoRelayer(client: DevnetClient, from: Address): Promise<Address> {
  return deploy(client, from, artifacts.DemoRelayer, [])
}
