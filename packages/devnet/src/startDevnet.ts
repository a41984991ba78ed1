// The embedded devnet: anvil as a child process (Hardhat 2 in this process where no anvil binary exists, or
// with CONCORD_DEVNET=hardhat), JSON-RPC over HTTP and WebSocket on one port, with the Safe contracts, the demo
// assets and the demo scenario installed at start.
import { existsSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { DEVNET_ALLOWANCE_MODULE } from '@concord/safe/allowanceModule'
import { safeV130, safeV141 } from '@concord/safe/contracts'
import { MULTICALL3, zodiacContracts } from '@concord/safe/modules'
import { testAccount } from './accounts.ts'
import type { DevnetClient, DevnetEngine, DevnetNode } from './client.ts'
import { installContracts, SnapshotRejectedError } from './contractsSnapshot.ts'
import { deployAllowanceModule } from './deploy/allowanceModule.ts'
import { type DemoAssets, deployDemoAssets } from './deploy/demoAssets.ts'
import { deployModuleContracts } from './deploy/moduleContracts.ts'
import { deploySafeContracts } from './deploy/safeContracts.ts'
import { findAnvil, startAnvil } from './engines/anvil.ts'
import { startHardhat } from './engines/hardhat.ts'
import { keepOldestGenesis } from './keptGenesis.ts'
import { type DemoScenario, seedDemoScenario, withDemoNames } from './scenario/demo.ts'

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
  /**
   * Keep the chain in this folder across restarts (anvil only; Hardhat starts from genesis every time): the
   * chain's state (`state.json`, saved every few seconds and at stop) and the demo's addresses (`devnet.json`).
   */
  stateDir?: string
  /** Chain id (anvil only; Hardhat's is 31337). Default 31337; the second devnet chain uses 1337. */
  chainId?: number
  /**
   * Cache the freshly deployed contracts here and load them on later fresh starts instead of deploying again
   * (anvil only; see contractsSnapshot.ts). `npm start` does; tests deploy every time.
   */
  contractsCacheDir?: string
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
  /** Whether the chain was restored from `stateDir` rather than deployed now. */
  restored: boolean
  /** On a fresh chain with `contractsCacheDir`: whether its contracts came from the cached snapshot. */
  contracts?: 'snapshot' | 'deployed'
  stop(): Promise<void>
}

export async function startDevnet(options: StartDevnetOptions = {}): Promise<Devnet> {
  const kept = options.stateDir ? keptChain(options.stateDir) : undefined
  const node = await startNode({ ...options, statePath: kept?.statePath })
  try {
    const { client } = node
    const saved = kept?.saved()
    // A kept chain answers with its blocks; Hardhat (or a chain that could not be kept) starts from genesis.
    if (saved && (await client.getBlockNumber()) > 0n) {
      const scenario = saved.scenario && withDemoNames(saved.scenario)
      return { ...node, chainId: client.chain.id, assets: saved.assets, scenario, restored: true }
    }
    const deployer = testAccount(0).address
    const deployContracts = async () => {
      await deploySafeContracts(client, deployer)
      await deployAllowanceModule(client, deployer)
      await deployModuleContracts(client, deployer)
    }
    const anvilBinary = node.engine === 'anvil' ? findAnvil() : undefined
    let contracts: Devnet['contracts']
    if (options.contractsCacheDir && anvilBinary) {
      const installed = await installContracts(
        client,
        {
          cacheDir: options.contractsCacheDir,
          anvilBinary,
          probes: [
            safeV141.safe,
            safeV130.safe,
            DEVNET_ALLOWANCE_MODULE,
            MULTICALL3,
            zodiacContracts.delayMastercopy,
          ],
        },
        deployContracts,
      ).catch((error: unknown) => {
        if (error instanceof SnapshotRejectedError) return error
        throw error
      })
      // A snapshot that did not load may have left half a state behind: this chain starts over (deploying).
      if (installed instanceof SnapshotRejectedError) {
        await node.stop()
        return startDevnet(options)
      }
      contracts = installed
    } else await deployContracts()
    const assets = options.demo === false ? undefined : await deployDemoAssets(client, deployer)
    const scenario = assets ? await seedDemoScenario(client, assets) : undefined
    kept?.save({ assets, scenario })
    return {
      ...node,
      chainId: client.chain.id,
      assets,
      scenario,
      restored: false,
      ...(contracts ? { contracts } : {}),
    }
  } catch (error) {
    await node.stop()
    throw error
  }
}

type SavedDemo = { assets: DemoAssets | undefined; scenario: DemoScenario | undefined }

/**
 * The files of a kept chain. A state without its demo's addresses is from a first start that did not finish:
 * it is dropped, and the chain deployed again.
 */
function keptChain(dir: string) {
  mkdirSync(dir, { recursive: true })
  const statePath = join(dir, 'state.json')
  const demoPath = join(dir, 'devnet.json')
  if (!existsSync(demoPath)) rmSync(statePath, { force: true })
  keepOldestGenesis(statePath)
  // bigints (token ids) as { $bigint: "…" }
  const replacer = (_: string, v: unknown) => (typeof v === 'bigint' ? { $bigint: v.toString() } : v)
  const reviver = (_: string, v: unknown) =>
    v && typeof v === 'object' && '$bigint' in v ? BigInt((v as { $bigint: string }).$bigint) : v
  return {
    statePath,
    saved: (): SavedDemo | undefined =>
      existsSync(demoPath) ? (JSON.parse(readFileSync(demoPath, 'utf8'), reviver) as SavedDemo) : undefined,
    save(demo: SavedDemo) {
      writeFileSync(`${demoPath}.tmp`, JSON.stringify(demo, replacer))
      renameSync(`${demoPath}.tmp`, demoPath)
    },
  }
}

function startNode(options: StartDevnetOptions & { statePath?: string | undefined }): Promise<DevnetNode> {
  const host = options.host ?? '127.0.0.1'
  const port = options.port ?? 8545
  const engine = options.engine ?? engineFromEnv()
  // Hardhat's chain id is fixed by its config: another one needs anvil.
  const chainId = options.chainId ? { chainId: options.chainId } : {}
  if (options.chainId && engine === 'hardhat')
    throw new Error('only anvil runs a devnet with another chain id')
  if (engine === 'hardhat') return startHardhat({ host, port })
  const binary = findAnvil()
  if (binary)
    return startAnvil({
      binary,
      host,
      port,
      ...chainId,
      ...(options.statePath ? { statePath: options.statePath } : {}),
    })
  if (options.chainId) throw new Error('only anvil runs a devnet with another chain id: none found')
  if (engine === 'anvil') throw new Error('no anvil binary: install @foundry-rs/anvil or set CONCORD_ANVIL')
  return startHardhat({ host, port })
}

function engineFromEnv(): DevnetEngine | undefined {
  const value = process.env.CONCORD_DEVNET
  if (value === undefined || value === '') return undefined
  if (value === 'anvil' || value === 'hardhat') return value
  throw new Error(`CONCORD_DEVNET must be "anvil" or "hardhat", not "${value}"`)
}
