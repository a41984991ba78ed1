// A feature demo's Safe: v1.4.1, owned by #0 alone, funded with 1 ETH, whose first transaction is the feature's
// setup batch (a MultiSendCallOnly of the calls given), so the feature is there on first start.
import { safeV141 } from '@concord/safe/contracts'
import { type Address, type Hex, parseEther } from 'viem'
import { testAccount } from '../accounts.ts'
import type { DevnetClient } from '../client.ts'
import {
  createSafeWithHash,
  encodeMultiSend,
  execSafeTxWithHash,
  type MultiSendCall,
} from '../safeActions.ts'
import type { DemoSafe } from './demo.ts'

export async function createOwnedDemoSafe(
  client: DevnetClient,
  saltNonce: bigint,
): Promise<{ address: Address; creation: Hex }> {
  const owner = testAccount(0).address
  const { address, hash: creation } = await createSafeWithHash(client, {
    owners: [owner],
    threshold: 1,
    saltNonce,
    sender: owner,
  })
  await client.waitForTransactionReceipt({
    hash: await client.sendTransaction({ account: owner, to: address, value: parseEther('1') }),
  })
  return { address, creation }
}

/** Runs the setup batch as the Safe's first transaction and describes the Safe for the demo scenario. */
export async function runDemoSetup(
  client: DevnetClient,
  created: { address: Address; creation: Hex },
  calls: readonly MultiSendCall[],
  description: string,
): Promise<DemoSafe> {
  const owner = testAccount(0)
  const run = await execSafeTxWithHash(client, {
    safe: created.address,
    tx: { to: safeV141.multiSendCallOnly, operation: 1, data: encodeMultiSend([...calls]) },
    signers: [owner],
    executor: owner.address,
  })
  return {
    address: created.address,
    name: '',
    owners: [owner.address],
    threshold: 1,
    version: '1.4.1',
    l2: true,
    creation: created.creation,
    executions: [{ description, ...run, relayed: false }],
  }
}
