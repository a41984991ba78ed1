// The whole product in one process: embedded devnet (demo scenario) + gateway serving the API and the
// built web app on one origin. Used by `npm start` and by the browser tests.

import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { type Devnet, startDevnet } from '@concord/devnet'
import {
  type ConfigInput,
  configSchema,
  createDatabase,
  createGateway,
  devnetChainConfig,
  type Gateway,
  type Store,
} from '@concord/gateway'
import { ensureWebBuild, webDistDir } from './buildWeb.ts'
import { type Phases, startupPhases } from './startupPhases.ts'

export type StackOptions = {
  /** Gateway/web port; 0 picks a free one. */
  port?: number
  host?: string
  /** Devnet JSON-RPC port; 0 picks a free one. */
  devnetPort?: number
  /**
   * Gateway database. Default: PGlite in a temporary data folder, deleted at stop (the devnet starts from genesis
   * every time); on disk rather than `pglite:memory`, whose files would sit in this process's memory.
   */
  databaseUrl?: string
  dataDir?: string
  walletConnectProjectId?: string
  log?: (line: string) => void
  /** Records how long each step takes (npm start prints them). */
  phases?: Phases
}

export type Stack = { url: string; rpcUrl: string; devnet: Devnet; gateway: Gateway; stop(): Promise<void> }

export async function startStack(options: StackOptions = {}): Promise<Stack> {
  const phases = options.phases ?? startupPhases()
  await phases.time('web build check', () => ensureWebBuild(options.log))
  const databaseUrl = options.databaseUrl
  const tempDir = databaseUrl || options.dataDir ? undefined : mkdtempSync(join(tmpdir(), 'concord-stack-'))
  const dataDir = options.dataDir ?? tempDir
  const removeTemp = () => tempDir && rmSync(tempDir, { recursive: true, force: true })
  // The database opens while the devnet starts and deploys its demo (anvil works in its own process).
  const [devnetResult, storeResult] = await Promise.allSettled([
    phases.time('devnet and demo scenario', () => startDevnet({ port: options.devnetPort ?? 0 })),
    phases.time('database', () => createDatabase({ databaseUrl, dataDir })),
  ])
  if (devnetResult.status === 'rejected' || storeResult.status === 'rejected') {
    if (devnetResult.status === 'fulfilled') await devnetResult.value.stop()
    if (storeResult.status === 'fulfilled') await storeResult.value.close()
    removeTemp()
    throw devnetResult.status === 'rejected'
      ? devnetResult.reason
      : (storeResult as PromiseRejectedResult).reason
  }
  const devnet = devnetResult.value
  const store: Store = storeResult.value
  let gateway: Gateway | undefined
  try {
    const config: ConfigInput = {
      port: options.port ?? 0,
      host: options.host ?? '127.0.0.1',
      databaseUrl,
      dataDir,
      webDir: webDistDir,
      walletConnectProjectId: options.walletConnectProjectId,
      chains: [devnetChainConfig(devnet)],
    }
    gateway = await phases.time('gateway', () => createGateway(configSchema.parse(config), { store }))
    const g = gateway
    const url = await phases.time('listen', () => g.listen())
    return {
      url,
      rpcUrl: devnet.rpcUrl,
      devnet,
      gateway: g,
      async stop() {
        await g.stop()
        await devnet.stop()
        removeTemp()
      },
    }
  } catch (error) {
    // The gateway owns the store once created; before that it is closed here.
    if (gateway) await gateway.stop()
    else await store.close()
    await devnet.stop()
    removeTemp()
    throw error
  }
}
