// A beneficiary's transfer within its allowance: one wallet transaction calling executeAllowanceTransfer with an
// empty signature (the module takes the sender as the signer), so no Safe transaction, no queue.
import { allowanceModuleAbi, toTokenAllowance } from '@concord/safe/allowanceModule'
import { type Address, type Hash, zeroAddress } from 'viem'
import type { Config } from 'wagmi'
import {
  getAccount,
  readContract,
  switchChain,
  waitForTransactionReceipt,
  writeContract,
} from 'wagmi/actions'
import { remaining } from './readSpendingLimits'

export class BeyondLimitError extends Error {
  override name = 'BeyondLimitError'
}

export async function sendWithinLimit(
  config: Config,
  p: {
    chainId: number
    module: Address
    safe: Address
    token: Address
    to: Address
    amount: bigint
    account: Address
  },
): Promise<{ hash: Hash; success: boolean }> {
  if (getAccount(config).chainId !== p.chainId) await switchChain(config, { chainId: p.chainId })
  // What is left is read again right before asking the wallet: a transfer beyond it would only revert.
  const now = toTokenAllowance(
    await readContract(config, {
      chainId: p.chainId,
      address: p.module,
      abi: allowanceModuleAbi,
      functionName: 'getTokenAllowance',
      args: [p.safe, p.account, p.token],
    }),
  )
  if (p.amount > remaining(now))
    throw new BeyondLimitError('The amount is more than what is left of the spending limit')
  const hash = await writeContract(config, {
    chainId: p.chainId,
    account: p.account,
    address: p.module,
    abi: allowanceModuleAbi,
    functionName: 'executeAllowanceTransfer',
    args: [p.safe, p.token, p.to, p.amount, zeroAddress, 0n, p.account, '0x'],
  })
  const receipt = await waitForTransactionReceipt(config, { chainId: p.chainId, hash })
  return { hash, success: receipt.status === 'success' }
}
