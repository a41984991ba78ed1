import { safeProxyFactoryAbi } from '@concord/safe/contracts'
import { useMutation } from '@tanstack/react-query'
import { type Address, isAddressEqual, parseEventLogs } from 'viem'
import { useConfig } from 'wagmi'
import { waitForTransactionReceipt, writeContract } from 'wagmi/actions'
import { shortAddress } from '../../../lib/format'
import { addRecentTransaction } from '../../../lib/walletDialogs'
import type { ValidNewSafe } from '../utils/newSafeForm'
import { createProxyArgs, NEW_SAFE_CONTRACTS } from '../utils/predictSafeAddress'

const RECEIPT_RETRIES = 10
const RECEIPT_RETRY_DELAY_MS = 1500

export type DeploySafeVariables = ValidNewSafe & { chainId: number; account: Address; predicted: Address }

/** A Safe just deployed, with the name the user gave it (if any). */
export type CreatedSafe = { chainId: string; address: Address; name: string | undefined }

/**
 * Sends createProxyWithNonce from the connected wallet, lists it in the wallet's recent transactions, waits
 * for the receipt and returns the address from the factory's ProxyCreation event (checked against the one
 * shown before deployment). `onCreated` runs once the Safe exists, even if the user has left the page meanwhile
 * (a mutation-level callback, not the component's).
 */
export function useDeploySafe(onCreated?: (safe: CreatedSafe) => void) {
  const config = useConfig()
  return useMutation({
    mutationKey: ['create-safe', 'deploy'],
    // The review shows the failure in a sentence (deployErrorText), not the toast's raw viem message.
    meta: { errorToast: false },
    mutationFn: async (p: DeploySafeVariables): Promise<Address> => {
      const hash = await writeContract(config, {
        account: p.account,
        chainId: p.chainId,
        address: NEW_SAFE_CONTRACTS.factory,
        abi: safeProxyFactoryAbi,
        functionName: 'createProxyWithNonce',
        args: createProxyArgs(p),
      })
      addRecentTransaction({ hash, description: `Create Safe ${shortAddress(p.predicted)}` })
      const receipt = await waitForTransactionReceipt(config, {
        hash,
        chainId: p.chainId,
        retryCount: RECEIPT_RETRIES,
        retryDelay: RECEIPT_RETRY_DELAY_MS,
      })
      if (receipt.status !== 'success') throw new Error(`The Safe creation reverted (${shortAddress(hash)})`)
      const [created] = parseEventLogs({
        abi: safeProxyFactoryAbi,
        logs: receipt.logs,
        eventName: 'ProxyCreation',
      })
      if (!created) throw new Error('The factory created no Safe in this transaction')
      if (!isAddressEqual(created.args.proxy, p.predicted))
        throw new Error(`The Safe was created at ${created.args.proxy}, not at the predicted ${p.predicted}`)
      return created.args.proxy
    },
    onSuccess: (address, p) => onCreated?.({ chainId: String(p.chainId), address, name: p.name }),
  })
}
