import { safeProxyFactoryAbi } from '@concord/safe/contracts'
import { getTransactionDetails } from '@safe-global/safe-gateway-typescript-sdk'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { Address, Hex } from 'viem'
import type { Config } from 'wagmi'
import {
  getAccount,
  getTransaction,
  readContract,
  switchChain,
  waitForTransactionReceipt,
  writeContract,
} from 'wagmi/actions'
import { gatewayCall, gatewayScope } from '../../../lib/gateway'
import { predictSafeAddress } from '../utils/predictSafeAddress'
import { replayPlan } from '../utils/replayCreation'

export type ReplayVariables = {
  address: Address
  fromChainId: string
  toChainId: string
  account: Address
  /** The wallet's wagmi config (the sidebar has no WagmiProvider around it: lib/walletRuntime.ts). */
  config: Config
}

/**
 * "Add this Safe on another chain": reads the Safe's creation (its transaction hash from the gateway, the call
 * itself from the chain it ran on), checks it can be replayed (replayPlan) and that the target chain's factory
 * predicts the same address, then sends the same createProxyWithNonce there from the wallet.
 */
export function useReplayCreation() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationKey: ['create-safe', 'replay'],
    meta: { errorToast: false },
    mutationFn: async ({ config, ...p }: ReplayVariables): Promise<Address> => {
      const details = await gatewayCall(() => getTransactionDetails(p.fromChainId, `creation_${p.address}`))
      if (!details.txHash) throw new Error('The gateway knows no creation transaction for this Safe.')
      const tx = await getTransaction(config, { hash: details.txHash as Hex, chainId: Number(p.fromChainId) })
      const plan = replayPlan({ to: tx.to, input: tx.input })
      if (!plan.ok) throw new Error(`This Safe cannot be added on another chain: ${plan.reason}`)
      const chainId = Number(p.toChainId)
      const proxyCreationCode = await readContract(config, {
        address: plan.factory,
        abi: safeProxyFactoryAbi,
        functionName: 'proxyCreationCode',
        chainId,
      }).catch(() => undefined)
      if (!proxyCreationCode) throw new Error(`The Safe proxy factory ${plan.factory} is not deployed there.`)
      const there = predictSafeAddress({ ...plan, proxyCreationCode })
      if (there.toLowerCase() !== p.address.toLowerCase())
        throw new Error(`The same creation would give another address there (${there}).`)
      if (getAccount(config).chainId !== chainId) await switchChain(config, { chainId })
      const hash = await writeContract(config, {
        account: p.account,
        chainId,
        address: plan.factory,
        abi: safeProxyFactoryAbi,
        functionName: 'createProxyWithNonce',
        args: [plan.singleton, plan.initializer, plan.saltNonce],
      })
      const receipt = await waitForTransactionReceipt(config, { hash, chainId })
      if (receipt.status !== 'success') throw new Error('The creation reverted on that chain.')
      return p.address
    },
    // The Safe's info on that chain answered 404 until now.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [gatewayScope(), 'safes'] }),
  })
}
