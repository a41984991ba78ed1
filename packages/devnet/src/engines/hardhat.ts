// The fallback devnet where no anvil binary runs: Hardhat 2 (EDR) in this process, JSON-RPC over HTTP and
// WebSocket on one port. It has no call tracer (debug_traceTransaction supports only the default tracer).
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { custom, type EIP1193Provider } from 'viem'
import { createDevnetClient, type DevnetNode } from '../client.ts'

type JsonRpcServer = { listen(): Promise<{ address: string; port: number }>; close(): Promise<void> }
let running = false

export async function startHardhat(options: { host: string; port: number }): Promise<DevnetNode> {
  // Hardhat keeps one network per process; a second live devnet here would share its state.
  if (running) throw new Error('a Hardhat devnet is already running in this process')
  running = true
  try {
    process.env.HARDHAT_CONFIG ??= join(
      dirname(fileURLToPath(import.meta.url)),
      '..',
      '..',
      'hardhat.config.cjs',
    )
    process.env.HARDHAT_DISABLE_TELEMETRY_PROMPT = 'true'
    const { default: hre } = await import('hardhat')
    const { TASK_NODE_CREATE_SERVER } = await import('hardhat/builtin-tasks/task-names.js')
    const provider = hre.network.provider as unknown as EIP1193Provider
    await provider.request({ method: 'hardhat_reset' as 'eth_chainId', params: [] as never })

    const server = (await hre.run(TASK_NODE_CREATE_SERVER, {
      hostname: options.host,
      port: options.port,
      provider: hre.network.provider,
    })) as JsonRpcServer
    const { address, port } = await server.listen()
    const urlHost = address.includes(':') ? `[${address}]` : address
    return {
      engine: 'hardhat',
      rpcUrl: `http://${urlHost}:${port}`,
      wsUrl: `ws://${urlHost}:${port}`,
      port,
      client: createDevnetClient(custom(provider), 'hardhat'),
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
