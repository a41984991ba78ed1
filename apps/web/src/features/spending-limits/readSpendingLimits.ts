// Spending limits read from the chain itself (as Safe{Wallet} does, in the browser): the module's delegates of the
// Safe, each delegate's tokens, and each allowance as of now (getTokenAllowance applies a reset that is due).
import { allowanceModuleAbi, type TokenAllowance, toTokenAllowance } from '@concord/safe/allowanceModule'
import { type Address, erc20Abi, zeroAddress } from 'viem'
import type { Config } from 'wagmi'
import { readContract } from 'wagmi/actions'

export type SpendingLimit = TokenAllowance & {
  beneficiary: Address
  token: Address
  /** Symbol and decimals of the token (the chain's native currency for the zero address). */
  symbol: string
  decimals: number
}

/** Delegates are read in pages of this size; a Safe with more than MAX_PAGES pages shows the first ones. */
const PAGE = 50
const MAX_PAGES = 10

export async function readSpendingLimits(
  config: Config,
  p: { chainId: number; module: Address; safe: Address; native: { symbol: string; decimals: number } },
): Promise<SpendingLimit[]> {
  const read = <const F extends 'getDelegates' | 'getTokens' | 'getTokenAllowance'>(
    functionName: F,
    args: readonly unknown[],
  ) =>
    readContract(config, {
      chainId: p.chainId,
      address: p.module,
      abi: allowanceModuleAbi,
      functionName,
      args,
    } as never) as Promise<
      F extends 'getDelegates'
        ? readonly [readonly Address[], number]
        : F extends 'getTokens'
          ? readonly Address[]
          : readonly bigint[]
    >
  const delegates: Address[] = []
  let start = 0
  for (let page = 0; page < MAX_PAGES; page++) {
    const [found, next] = await read('getDelegates', [p.safe, start, PAGE])
    delegates.push(...found)
    if (next === 0) break
    start = next
  }
  const tokenInfo = new Map<Address, Promise<{ symbol: string; decimals: number }>>()
  const infoOf = (token: Address) => {
    let info = tokenInfo.get(token)
    if (!info) {
      info =
        token === zeroAddress
          ? Promise.resolve(p.native)
          : Promise.all([
              readContract(config, {
                chainId: p.chainId,
                address: token,
                abi: erc20Abi,
                functionName: 'symbol',
              }),
              readContract(config, {
                chainId: p.chainId,
                address: token,
                abi: erc20Abi,
                functionName: 'decimals',
              }),
            ]).then(([symbol, decimals]) => ({ symbol, decimals }))
      tokenInfo.set(token, info)
    }
    return info
  }
  const perDelegate = await Promise.all(
    delegates.map(async (beneficiary) => {
      const tokens = await read('getTokens', [p.safe, beneficiary])
      return Promise.all(
        tokens.map(async (token) => ({
          beneficiary,
          token,
          ...toTokenAllowance(await read('getTokenAllowance', [p.safe, beneficiary, token])),
          ...(await infoOf(token)),
        })),
      )
    }),
  )
  // A deleted allowance stays listed by the module with amount 0: not a limit any more.
  return perDelegate.flat().filter((limit) => limit.amount > 0n)
}

/** What the beneficiary can still send now. */
export const remaining = (limit: TokenAllowance): bigint =>
  limit.amount > limit.spent ? limit.amount - limit.spent : 0n
