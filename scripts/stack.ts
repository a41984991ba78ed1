// The whole product in one process: embedded devnet (demo scenario) + gateway serving the API and the
// built web app on one origin. Used by `npm start` and by the browser tests.

import { type Devnet, startDevnet } from '@concord/devnet'
import {
  type ConfigInput,
  configSchema,
  createGateway,
  devnetChainConfig,
  type Gateway,
} from '@concord/gateway'
import { ensureWebBuild, webDistDir } from './buildWeb.ts'

export type StackOptions = {
  /** Gateway/web port; 0 picks a free one. */
  port?: number
  host?: string
  /** Devnet JSON-RPC port; 0 picks a free one. */
  devnetPort?: number
  /** Gateway database (default: in-memory PGlite, since the devnet starts from genesis every time). */
  databaseUrl?: string
  dataDir?: string
  walletConnectProjectId?: string
  log?: (line: string) => void
}

export type Stack = { url: string; rpcUrl: string; devnet: Devnet; gateway: Gateway; stop(): Promise<void> }

export async function startStack(options: StackOptions = {}): Promise<Stack> {
  ensureWebBuild(options.log)
  const devnet = await startDevnet({ port: options.devnetPort ?? 0 })
  let gateway: Gateway | undefined
  try {
    const config: ConfigInput = {
      port: options.port ?? 0,
      host: options.host ?? '127.0.0.1',
      databaseUrl: options.databaseUrl ?? 'pglite:memory',
      dataDir: options.dataDir,
      webDir: webDistDir,
      walletConnectProjectId: options.walletConnectProjectId,
      chains: [devnetChainConfig(devnet)],
    }
    gateway = await createGateway(configSchema.parse(config))
    const url = await gateway.listen()
    const g = gateway
    return {
      url,
      rpcUrl: devnet.rpcUrl,
      devnet,
      gateway: g,
      async stop() {
        await g.stop()
        await devnet.stop()
      },
    }
  } catch (error) {
    await gateway?.stop()
    await devnet.stop()
    throw error
  }
}
