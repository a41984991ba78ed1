// The embedded devnet: Hardhat 2 (EDR) in this process, JSON-RPC over HTTP and WebSocket on one port,
// with the Safe contracts, the demo assets and the demo scenario installed at start.
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import type { EIP1193Provider } from 'viem'
import { testAccount } from './accounts.ts'
import { createDevnetClient, type DevnetClient } from './client.ts'
import { type DemoAssets, deployDemoAssets } from './deploy/demoAssets.ts'
import { deploySafeContracts } from './deploy/safeContracts.ts'
import { type DemoScenario, seedDemoScenario } from './scenario/demo.ts'

export type StartDevnetOptions = {
  /** 0 picks a free port. Default 8545. */
  port?: number
  host?: string
  /** Deploy the demo tokens and Safes (default true). The Safe contracts are always installed. */
  demo?: boolean
}

export type Devnet = {
  rpcUrl: string
  wsUrl: string
  port: number
  chainId: number
  client: DevnetClient
  assets: DemoAssets | undefined
  scenario: DemoScenario | undefined
  stop(): Promise<void>
}

type JsonRpcServer = { listen(): Promise<{ address: string; port: number }>; close(): Promise<void> }
let running = false

export async function startDevnet(options: StartDevnetOptions = {}): Promise<Devnet> {
  // Hardhat keeps one network per process; a second live devnet here would share its state.
  if (running) throw new Error('a devnet is already running in this process')
  running = true
  try {
    process.env.HARDHAT_CONFIG ??= join(dirname(fileURLToPath(import.meta.url)), '..', 'hardhat.config.cjs')
    process.env.HARDHAT_DISABLE_TELEMETRY_PROMPT = 'true'
    const { default: hre } = await import('hardhat')
    const { TASK_NODE_CREATE_SERVER } = await import('hardhat/builtin-tasks/task-names.js')
    const provider = hre.network.provider as unknown as EIP1193Provider
    await provider.request({ method: 'hardhat_reset' as 'eth_chainId', params: [] as never })

    const server = (await hre.run(TASK_NODE_CREATE_SERVER, {
      hostname: options.host ?? '127.0.0.1',
      port: options.port ?? 8545,
      provider: hre.network.provider,
    })) as JsonRpcServer
    const { address, port } = await server.listen()

    const client = createDevnetClient(provider)
    const deployer = testAccount(0).address
    await deploySafeContracts(client, deployer)
    const assets = options.demo === false ? undefined : await deployDemoAssets(client, deployer)
    const scenario = assets ? await seedDemoScenario(client, assets) : undefined

    return {
      rpcUrl: `http://${address}:${port}`,
      wsUrl: `ws://${address}:${port}`,
      port,
      chainId: client.chain.id,
      client,
      assets,
      scenario,
      async stop() {
        await server.close()
        running = false
      },
    }
  } catch (error) {
    running = false
    throw error
  }
}
