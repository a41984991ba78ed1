import { BaseError, UserRejectedRequestError } from 'viem'

const REJECTED =
  'You rejected the deployment in your wallet: nothing was sent. Confirm again when you are ready.'

// EIP-1193's "user rejected" code, for wallets whose error viem did not wrap.
const isRejection = (error: unknown) =>
  error instanceof UserRejectedRequestError || (error as { code?: unknown } | null)?.code === 4001

/**
 * Why a deployment did not happen, in one sentence: a rejection in the wallet says so plainly; anything else
 * gives viem's short message (not the request dump that follows it) or the first line of the error.
 */
export function deployErrorText(error: unknown): string {
  if (error instanceof BaseError) {
    if (error.walk(isRejection)) return REJECTED
    return `The deployment failed: ${error.shortMessage}`
  }
  if (isRejection(error)) return REJECTED
  const text = error instanceof Error ? error.message.split('\n')[0] || error.message : String(error)
  return `The deployment failed: ${text}`
}
