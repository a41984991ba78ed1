// npm start's second devnet chain (issue 26: multichain features offline), beside the first. Only anvil runs
// another chain id: with the Hardhat fallback (no anvil binary, or CONCORD_DEVNET=hardhat) the stack keeps one.
import { findAnvil, type SecondDevnet, startSecondDevnet } from '@concord/devnet'

/** The second chain's name and short name in the gateway's chain list (routes read `dev2:0x…`). */
export const SECOND_CHAIN_LABEL = { name: 'Concord Devnet 2', shortName: 'dev2' } as const

/**
 * Starts it when `wanted` and anvil runs (not Hardhat), on the port after the first chain's (a free one when
 * that is 0); `stateDir` keeps it across restarts, `contractsCacheDir` caches its deployed contracts.
 */
export async function startSecondChain(
  wanted: boolean | undefined,
  firstPort: number,
  stateDir: string | undefined,
  contractsCacheDir?: string,
): Promise<SecondDevnet | undefined> {
  if (!wanted || process.env.CONCORD_DEVNET === 'hardhat' || !findAnvil()) return undefined
  return startSecondDevnet({
    port: firstPort ? firstPort + 1 : 0,
    ...(stateDir ? { stateDir } : {}),
    ...(contractsCacheDir ? { contractsCacheDir } : {}),
  })
}
