import { safeProxyFactoryAbi } from '@concord/safe/contracts'
import { useMutation } from '@tanstack/react-query'
import { type Address, isAddressEqual, parseEventLogs } from 'viem'
import { type Config, useConfig } from 'wagmi'
import { getAccount, getBytecode, switchChain, waitForTransactionReceipt, writeContract } from 'wagmi/actions'
import { shortAddress } from '../../../lib/format'
import { addRecentTransaction } from '../../../lib/walletDialogs'
import type { ValidNewSafe } from '../utils/newSafeForm'
import { createProxyArgs, NEW_SAFE_CONTRACTS } from '../utils/predictSafeAddress'

const RECEIPT_RETRIES = 10
const RECEIPT_RETRY_DELAY_MS = 1500

export type DeploySafeVariables = ValidNewSafe & {
  chainId: number
  /**
   * More chains to create the same Safe on, after `chainId` (same factory, singleton, initializer and salt, so
   * the same address); the wallet is switched to each in turn. A chain where the Safe exists already is skipped.
   */
  alsoOn?: readonly number[]
  account: Address
  predicted: Address
}

/** A Safe just deployed, with the name the user gave it (if any). */
export type CreatedSafe = { chainId: string; address: Address; name: string | undefined }

/**
 * Sends createProxyWithNonce from the connected wallet on each chain, lists it in the wallet's recent
 * transactions, waits for the receipt and checks the address in the factory's ProxyCreation event against the one
 * shown before deployment. Returns the first chain's Safe. `onCreated` runs for each chain once the Safe exists
 * there, even if the user has left the page meanwhile (a mutation-level callback, not the component's).
 */
export function useDeploySafe(onCreated?: (safe: CreatedSafe) => void) {
  const config = useConfig()
  return useMutation({
    mutationKey: ['create-safe', 'deploy'],
    // The review shows the failure in a sentence (deployErrorText), not the toast's raw viem message.
    meta: { errorToast: false },
    mutationFn: async (p: DeploySafeVariables): Promise<Address> => {
      const address = await deployOn(config, p, p.chainId)
      onCreated?.({ chainId: String(p.chainId), address, name: p.name })
      for (const chainId of p.alsoOn ?? []) {
        await deployOn(config, p, chainId)
        onCreated?.({ chainId: String(chainId), address: p.predicted, name: p.name })
      }
      return address
    },
  })
}

/** One createProxyWithNonce on `chainId`; the Safe's address, as the factory reported it. */
async function deployOn(config: Config, p: DeploySafeVariables, chainId: number): Promise<Address> {
  // Already there (by an earlier try whose next chain failed, or anyone with the same setup, which the address
  // commits to): nothing to send.
  const existing = await getBytecode(config, { address: p.predicted, chainId })
  if (existing && existing !== '0x') return p.predicted
  if (getAccount(config).chainId !== chainId) await switchChain(config, { chainId })
  const hash = await writeContract(config, {
    account: p.account,
    chainId,
    address: NEW_SAFE_CONTRACTS.factory,
    abi: safeProxyFactoryAbi,
    functionName: 'createProxyWithNonce',
    args: createProxyArgs(p),
  })
  addRecentTransaction({ hash, description: `Create Safe ${shortAddress(p.predicted)}` })
  const receipt = await waitForTransactionReceipt(config, {
    hash,
    chainId,
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
}
