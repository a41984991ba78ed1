import { type HDAccount, mnemonicToAccount } from 'viem/accounts'

/** The standard Hardhat/Anvil test mnemonic: public knowledge, never use it for real funds. */
export const TEST_MNEMONIC = 'test test test test test test test test test test test junk'

const cache = new Map<number, HDAccount>()

/** Test account #index of the devnet (the node also holds these keys, unlocked). */
export function testAccount(index: number): HDAccount {
  let account = cache.get(index)
  if (!account) {
    account = mnemonicToAccount(TEST_MNEMONIC, { addressIndex: index })
    cache.set(index, account)
  }
  return account
}
