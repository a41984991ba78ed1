// The whole product in one process: embedded devnet (demo scenario) + gateway serving the API and the
// built web app on one origin. Used by `npm start` and by the browser tests.

import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { type Devnet, type SecondDevnet, startDevnet } from '@concord/devnet'
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
import { SECOND_CHAIN_LABEL, startSecondChain } from './secondChain.ts'
import { type Phases, startupPhases } from './startupPhases.ts'

export type StackOptions = {
  /** Gateway/web port; 0 picks a free one. */
  port?: number
  host?: string
  /** Devnet JSON-RPC port; 0 picks a free one. */
  devnetPort?: number
  /** Gateway database (`postgres://…`); default: PGlite in the data folder. */
  databaseUrl?: string
  /**
   * Folder that keeps the devnet's chain (`devnet/`) and the embedded database (`pglite/`) across restarts.
   * Absent: a temporary folder deleted at stop (tests and benchmarks start from genesis every time). On disk
   * rather than `pglite:memory`, whose files would sit in this process's memory.
   */
  dataDir?: string
  /** Start over: the kept chain and embedded database are deleted first. */
  fresh?: boolean
  /** Serve the built web app (default true; building it takes a while the first time). */
  web?: boolean
  /** Behind a reverse proxy: take X-Forwarded-* from it (the gateway's `trustProxy`). */
  trustProxy?: boolean
  /** The devnet chain's indexing mode (default `all`; `watched` indexes only the Safes opened or listed). */
  indexing?: 'all' | 'watched'
  walletConnectProjectId?: string
  log?: (line: string) => void
  /** Records how long each step takes (npm start prints them). */
  phases?: Phases
  /**
   * Run the second devnet chain (chain 1337, for multichain features) beside the first, where anvil runs (Hardhat
   * runs one chain); its state is kept in `devnet-2/`. `npm start` does; default false (tests that need one ask).
   */
  secondChain?: boolean
}

export type Stack = {
  url: string
  rpcUrl: string
  devnet: Devnet
  /** The second devnet chain, when it runs. */
  secondDevnet: SecondDevnet | undefined
  gateway: Gateway
  stop(): Promise<void>
}

/**
 * Where a kept stack (npm start) caches its chains' freshly deployed contracts: a fresh chain (the first start,
 * `--fresh`) loads them instead of deploying every Safe version again. Tests start without it.
 */
const contractsCacheDir = join(import.meta.dirname, '..', 'node_modules', '.cache', 'concord-devnet')

export async function startStack(options: StackOptions = {}): Promise<Stack> {
  const phases = options.phases ?? startupPhases()
  const web = options.web ?? true
  if (web) await phases.time('web build check', () => ensureWebBuild(options.log))
  const databaseUrl = options.databaseUrl
  const tempDir = options.dataDir ? undefined : mkdtempSync(join(tmpdir(), 'concord-stack-'))
  const dataDir = options.dataDir ?? (tempDir as string)
  const removeTemp = () => tempDir && rmSync(tempDir, { recursive: true, force: true })
  if (options.fresh)
    for (const kept of ['devnet', 'devnet-2', 'pglite'])
      rmSync(join(dataDir, kept), { recursive: true, force: true })
  // The database opens while the devnet starts and deploys its demo (anvil works in its own process).
  const [devnetResult, storeResult, secondResult] = await Promise.allSettled([
    phases.time('devnet and demo scenario', () =>
      startDevnet({
        port: options.devnetPort ?? 0,
        ...(options.dataDir ? { stateDir: join(dataDir, 'devnet'), contractsCacheDir } : {}),
      }),
    ),
    phases.time('database', () => createDatabase({ databaseUrl, dataDir })),
    phases.time('second devnet chain', () =>
      startSecondChain(
        options.secondChain,
        options.devnetPort ?? 0,
        options.dataDir ? join(dataDir, 'devnet-2') : undefined,
        options.dataDir ? contractsCacheDir : undefined,
      ),
    ),
  ])
  if (
    devnetResult.status === 'rejected' ||
    storeResult.status === 'rejected' ||
    secondResult.status === 'rejected'
  ) {
    if (devnetResult.status === 'fulfilled') await devnetResult.value.stop()
    if (secondResult.status === 'fulfilled') await secondResult.value?.stop()
    if (storeResult.status === 'fulfilled') await storeResult.value.close()
    removeTemp()
    throw devnetResult.status === 'rejected'
      ? devnetResult.reason
      : storeResult.status === 'rejected'
        ? storeResult.reason
        : (secondResult as PromiseRejectedResult).reason
  }
  const devnet = devnetResult.value
  const secondDevnet = secondResult.value
  const store: Store = storeResult.value
  let gateway: Gateway | undefined
  try {
    const config: ConfigInput = {
      port: options.port ?? 0,
      host: options.host ?? '127.0.0.1',
      databaseUrl,
      dataDir,
      webDir: web ? webDistDir : undefined,
      walletConnectProjectId: options.walletConnectProjectId,
      trustProxy: options.trustProxy ?? false,
      chains: [
        { ...devnetChainConfig(devnet), ...(options.indexing ? { indexing: options.indexing } : {}) },
        ...(secondDevnet
          ? [
              {
                ...devnetChainConfig({
                  ...secondDevnet,
                  scenario: secondDevnet.multichain,
                  label: SECOND_CHAIN_LABEL,
                }),
                ...(options.indexing ? { indexing: options.indexing } : {}),
              },
            ]
          : []),
      ],
    }
    gateway = await phases.time('gateway', () => createGateway(configSchema.parse(config), { store }))
    const g = gateway
    const url = await phases.time('listen', () => g.listen())
    return {
      url,
      rpcUrl: devnet.rpcUrl,
      devnet,
      secondDevnet,
      gateway: g,
      async stop() {
        await g.stop()
        await devnet.stop()
        await secondDevnet?.stop()
        removeTemp()
      },
    }
  } catch (error) {
    // The gateway owns the store once created; before that it is closed here.
    if (gateway) await gateway.stop()
    else await store.close()
    await devnet.stop()
    await secondDevnet?.stop()
    removeTemp()
    throw error
  }
}
