// Whether an address is a Safe right now, and its owners if so: what a guard of team data checks a signed-in
// account against (the index may be blocks behind an owner's removal).
import {
  type Address,
  BaseError,
  ContractFunctionRevertedError,
  ContractFunctionZeroDataError,
  type PublicClient,
} from 'viem'
import { readOnChainSafe } from './onChainSafe.ts'

/**
 * The current owners of `safe`, or undefined when the address is no Safe (its calls revert or return nothing).
 * A node in trouble throws.
 */
export async function readOnChainOwners(client: PublicClient, safe: Address): Promise<Address[] | undefined> {
  try {
    return (await readOnChainSafe(client, safe)).owners
  } catch (error) {
    const notASafe =
      error instanceof BaseError &&
      error.walk(
        (e) => e instanceof ContractFunctionZeroDataError || e instanceof ContractFunctionRevertedError,
      )
    if (notASafe) return undefined
    throw error
  }
}
