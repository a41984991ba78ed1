import { safeProxyFactoryAbi } from '@concord/safe/contracts'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { type Address, isAddressEqual, parseEventLogs } from 'viem'
import type { Config } from 'wagmi'
import { getAccount, switchChain, waitForTransactionReceipt, writeContract } from 'wagmi/actions'
import { gatewayScope } from '../../../lib/gateway'
import { type CounterfactualSafe, removeCounterfactualSafe } from '../counterfactualSafes'
import { createProxyArgs, NEW_SAFE_CONTRACTS } from '../utils/predictSafeAddress'

/**
 * Deploys a counterfactual Safe with its stored setup (its first transaction is this deployment, as Safe{Wallet}'s
 * "Activate" does), checks the factory created it at its address, forgets the stored setup and refreshes the
 * Safe's queries (the gateway answers for it once it is on chain).
 */
export function useActivateSafe() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationKey: ['create-safe', 'activate'],
    meta: { errorToast: false },
    mutationFn: async ({
      safe,
      account,
      config,
    }: {
      safe: CounterfactualSafe
      account: Address
      config: Config
    }) => {
      const chainId = Number(safe.chainId)
      if (getAccount(config).chainId !== chainId) await switchChain(config, { chainId })
      const hash = await writeContract(config, {
        account,
        chainId,
        address: NEW_SAFE_CONTRACTS.factory,
        abi: safeProxyFactoryAbi,
        functionName: 'createProxyWithNonce',
        args: createProxyArgs({ ...safe, saltNonce: BigInt(safe.saltNonce) }),
      })
      const receipt = await waitForTransactionReceipt(config, { hash, chainId })
      const [created] = parseEventLogs({
        abi: safeProxyFactoryAbi,
        logs: receipt.logs,
        eventName: 'ProxyCreation',
      })
      if (receipt.status !== 'success' || !created) throw new Error('The deployment created no Safe')
      if (!isAddressEqual(created.args.proxy, safe.address))
        throw new Error(`The Safe was created at ${created.args.proxy}, not at ${safe.address}`)
      removeCounterfactualSafe(safe.chainId, safe.address)
      return safe.address
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [gatewayScope(), 'safes'] }),
  })
}
