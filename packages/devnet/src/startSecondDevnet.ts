// The second devnet chain that `npm start` runs beside the first (issue 26: multichain features offline): another
// anvil with its own chain id and the same contracts at the same addresses (deployed by the same functions), the
// same demo accounts, and a lighter demo (scenario/multichainDemo.ts). Its kept state sits in its own folder.
import { existsSync, readFileSync, renameSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { testAccount } from './accounts.ts'
import { SECOND_DEVNET_CHAIN_ID } from './client.ts'
import { deployDemoAssets } from './deploy/demoAssets.ts'
import { type MultichainDemo, seedMultichainDemo } from './scenario/multichainDemo.ts'
import { type Devnet, type StartDevnetOptions, startDevnet } from './startDevnet.ts'

export type SecondDevnet = Devnet & { multichain: MultichainDemo | undefined }

/**
 * Starts the second chain: `chainId` defaults to SECOND_DEVNET_CHAIN_ID; `demo: false` leaves only the contracts.
 * `stateDir` keeps it as startDevnet does, plus the demo's addresses in `multichain.json`.
 */
export async function startSecondDevnet(options: StartDevnetOptions = {}): Promise<SecondDevnet> {
  const devnet = await startDevnet({
    ...options,
    chainId: options.chainId ?? SECOND_DEVNET_CHAIN_ID,
    demo: false,
  })
  try {
    if (options.demo === false) return { ...devnet, multichain: undefined }
    const keptPath = options.stateDir ? join(options.stateDir, 'multichain.json') : undefined
    if (devnet.restored && keptPath && existsSync(keptPath)) {
      const kept = JSON.parse(readFileSync(keptPath, 'utf8'), reviver) as Pick<
        SecondDevnet,
        'assets' | 'multichain'
      >
      return { ...devnet, ...kept }
    }
    const assets = await deployDemoAssets(devnet.client, testAccount(0).address)
    const multichain = await seedMultichainDemo(devnet.client, assets)
    if (keptPath) {
      writeFileSync(`${keptPath}.tmp`, JSON.stringify({ assets, multichain }, replacer))
      renameSync(`${keptPath}.tmp`, keptPath)
    }
    return { ...devnet, assets, multichain }
  } catch (error) {
    await devnet.stop()
    throw error
  }
}

// bigints (execution nonces) as { $bigint: "…" }, as startDevnet keeps the first chain's demo.
const replacer = (_: string, v: unknown) => (typeof v === 'bigint' ? { $bigint: v.toString() } : v)
const reviver = (_: string, v: unknown) =>
  v && typeof v === 'object' && '$bigint' in v ? BigInt((v as { $bigint: string }).$bigint) : v
