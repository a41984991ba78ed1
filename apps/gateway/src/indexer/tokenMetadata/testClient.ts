// A viem client over a stubbed transport (viem's `custom`): each JSON-RPC request goes to `answer`, which
// returns a result or throws what a node or an HTTP transport would. For the token metadata tests.
import { erc20Abi, erc721Abi } from '@concord/safe/contracts'
import {
  createPublicClient,
  custom,
  decodeFunctionData,
  encodeFunctionResult,
  type Hex,
  type PublicClient,
} from 'viem'

export type EthCall = { to: string; functionName: string; args: readonly unknown[] }

const abi = [...erc20Abi, ...erc721Abi.filter((item) => item.type === 'function' && item.name === 'tokenURI')]

/** A client whose eth_calls are decoded and answered by `answer` (a return value is ABI-encoded for it). */
export function stubClient(answer: (call: EthCall) => unknown | Promise<unknown>) {
  const calls: EthCall[] = []
  const client = createPublicClient({
    transport: custom(
      {
        async request({ method, params }) {
          if (method !== 'eth_call') throw new Error(`unexpected ${method}`)
          const [{ to, data }] = params as [{ to: string; data: Hex }]
          const { functionName, args = [] } = decodeFunctionData({ abi, data })
          const call = { to: to.toLowerCase(), functionName, args }
          calls.push(call)
          const value = await answer(call)
          if (typeof value === 'object' && value !== null && 'raw' in value)
            return (value as { raw: Hex }).raw
          return encodeFunctionResult({ abi, functionName, result: value as never })
        },
      },
      { retryCount: 0 },
    ),
  }) as PublicClient
  return { client, calls }
}

/** An eth_call result returned as is (not ABI-encoded): `0x` for no code, a short word for junk. */
export const raw = (hex: Hex) => ({ raw: hex })

/** What nodes answer for a revert: JSON-RPC errors as thrown by a provider. */
export const rpcError = (code: number, message: string, data?: Hex) =>
  Object.assign(new Error(message), { code, data })
