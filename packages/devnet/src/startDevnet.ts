// The embedded devnet: anvil as a child process (Hardhat 2 in this process where no anvil binary exists, or
// with CONCORD_DEVNET=hardhat), JSON-RPC over HTTP and WebSocket on one port, with the Safe contracts, the demo
// assets and the demo scenario installed at start.
import { testAccount } from './accounts.ts'
import type { DevnetClient, DevnetEngine, DevnetNode } from './client.ts'
import { type DemoAssets, deployDemoAssets } from './deploy/demoAssets.ts'
import { deploySafeContracts } from './deploy/safeContracts.ts'
import { findAnvil, startAnvil } from './engines/anvil.ts'
import { startHardhat } from './engines/hardhat.ts'
import { type DemoScenario, seedDemoScenario } from './scenario/demo.ts'

export type StartDevnetOptions = {
  /** 0 picks a free port. Default 8545. */
  port?: number
  host?: string
  /** Deploy the demo tokens and Safes (default true). The Safe contracts are always installed. */
  demo?: boolean
  /**
   * Node to run. Default: anvil when a binary is found (see findAnvil), else Hardhat; the environment variable
   * CONCORD_DEVNET (`anvil` or `hardhat`) overrides the default.
   */
  engine?: DevnetEngine
}

export type Devnet = {
  engine: DevnetEngine
  rpcUrl: string
  wsUrl: string
  port: number
  chainId: number
  client: DevnetClient
  assets: DemoAssets | undefined
  scenario: DemoScenario | undefined
  stop(): Promise<void>
}

export async function startDevnet(options: StartDevnetOptions = {}): Promise<Devnet> {
  const node = await startNode(options)
  try {
    const { client } = node
    const deployer = testAccount(0).address
    await deploySafeContracts(client, deployer)
    const assets = options.demo === false ? undefined : await deployDemoAssets(client, deployer)
    const scenario = assets ? await seedDemoScenario(client, assets) : undefined
    return { ...node, chainId: client.chain.id, assets, scenario }
  } catch (error) {
    await node.stop()
    throw error
  }
}

function startNode(options: StartDevnetOptions): Promise<DevnetNode> {
  const host = options.host ?? '127.0.0.1'
  const port = options.port ?? 8545
  const engine = options.engine ?? engineFromEnv()
  if (engine === 'hardhat') return startHardhat({ host, port })
  const binary = findAnvil()
  if (binary) return startAnvil({ binary, host, port })
  if (engine === 'anvil') throw new Error('no anvil binary: install @foundry-rs/anvil or set CONCORD_ANVIL')
  return startHardhat({ host, port })
}

function engineFromEnv(): DevnetEngine | undefined {
  const value = process.env.CONCORD_DEVNET
  if (value === undefined || value === '') return undefined
  if (value === 'anvil' || value === 'hardhat') return value
  throw new Error(`CONCORD_DEVNET must be "anvil" or "hardhat", not "${value}"`)
}
