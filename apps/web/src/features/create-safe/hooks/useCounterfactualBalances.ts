import { erc20Abi } from '@concord/safe/contracts'
import type { ChainInfo } from '@safe-global/safe-gateway-typescript-sdk'
import { useQuery } from '@tanstack/react-query'
import { type Address, createPublicClient, getAbiItem, http, type PublicClient } from 'viem'
import { type CounterfactualSafe, saveCounterfactualSafe } from '../counterfactualSafes'

/** Blocks per eth_getLogs (free-tier providers cap ranges at 2,000) and how many such ranges are scanned at most. */
const LOG_RANGE = 2_000n
const MAX_RANGES = 50n
/** Tokens shown: anyone can send tokens to an address, so a flood of them is cut, not listed forever. */
const MAX_TOKENS = 20

export type CounterfactualBalances = {
  native: bigint
  tokens: { address: Address; symbol: string; decimals: number; balance: bigint }[]
  /** Transfers older than the scanned blocks were not looked for (the Safe waited long before deployment). */
  partial: boolean
}

/**
 * What a Safe not deployed yet has received, read from the chain by the browser (the gateway indexes no such
 * address): the native balance, and the tokens sent to it since it was created here (Transfer logs to the address
 * from the block it was first shown at), each with its balanceOf now.
 */
export function useCounterfactualBalances(chain: ChainInfo, safe: CounterfactualSafe) {
  const rpcUrl = chain.publicRpcUri?.value || chain.rpcUri?.value
  return useQuery({
    queryKey: ['counterfactual-balances', chain.chainId, safe.address],
    queryFn: () => readBalances(createPublicClient({ transport: http(rpcUrl) }), safe),
    enabled: !!rpcUrl,
    refetchInterval: 4000,
  })
}

async function readBalances(client: PublicClient, safe: CounterfactualSafe): Promise<CounterfactualBalances> {
  const [native, head] = await Promise.all([
    client.getBalance({ address: safe.address }),
    client.getBlockNumber(),
  ])
  // The block the Safe was first shown at, remembered with it: nothing was sent to its address before it existed here.
  let fromBlock = safe.fromBlock ? BigInt(safe.fromBlock) : undefined
  if (fromBlock === undefined) {
    fromBlock = head
    saveCounterfactualSafe({ ...safe, fromBlock: head.toString() })
  }
  const earliest = head - LOG_RANGE * MAX_RANGES
  const partial = fromBlock < earliest
  const tokens = new Set<Address>()
  for (let to = head; to >= fromBlock && to > earliest; to -= LOG_RANGE) {
    const from = to - LOG_RANGE + 1n > fromBlock ? to - LOG_RANGE + 1n : fromBlock
    const logs = await client.getLogs({
      event: getAbiItem({ abi: erc20Abi, name: 'Transfer' }),
      args: { to: safe.address },
      fromBlock: from,
      toBlock: to,
    })
    for (const log of logs) tokens.add(log.address)
    if (tokens.size >= MAX_TOKENS) break
  }
  const read = await Promise.all(
    [...tokens].slice(0, MAX_TOKENS).map(async (address) => {
      const call = <F extends 'symbol' | 'decimals' | 'balanceOf'>(functionName: F) =>
        client.readContract({
          address,
          abi: erc20Abi,
          functionName,
          args: functionName === 'balanceOf' ? [safe.address] : undefined,
        } as never) as Promise<unknown>
      // An NFT or a contract that does not answer as ERC-20 is left out.
      const [symbol, decimals, balance] = await Promise.all([
        call('symbol'),
        call('decimals'),
        call('balanceOf'),
      ]).catch(() => [undefined, undefined, undefined])
      return typeof balance === 'bigint' && balance > 0n
        ? [{ address, symbol: String(symbol ?? '?'), decimals: Number(decimals ?? 0), balance }]
        : []
    }),
  )
  return { native, tokens: read.flat(), partial }
}
