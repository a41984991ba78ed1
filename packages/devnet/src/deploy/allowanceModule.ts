// Installs Concord's own AllowanceModule-compatible contract (contracts/AllowanceModule.sol, compiled into
// artifacts/AllowanceModule.json): no registry package ships the published module's bytecode. CREATE2 with salt 0
// through the Safe singleton factory, so the address is the same on every devnet and follows from the artifact.
import { createRequire } from 'node:module'
import { DEVNET_ALLOWANCE_MODULE } from '@concord/safe/allowanceModule'
import { SINGLETON_FACTORY } from '@concord/safe/contracts'
import { type Address, concat, getAddress, getContractAddress, type Hex, zeroHash } from 'viem'
import type { DevnetClient } from '../client.ts'

const require = createRequire(import.meta.url)
const artifact = require('../../artifacts/AllowanceModule.json') as { bytecode: Hex }

/** Where the committed artifact lands. It must be the address the shared package names for the devnet. */
export function allowanceModuleAddress(): Address {
  return getContractAddress({
    opcode: 'CREATE2',
    from: SINGLETON_FACTORY,
    salt: zeroHash,
    bytecode: artifact.bytecode,
  })
}

export async function deployAllowanceModule(client: DevnetClient, funder: Address): Promise<Address> {
  const address = allowanceModuleAddress()
  if (getAddress(address) !== getAddress(DEVNET_ALLOWANCE_MODULE))
    throw new Error(
      `the AllowanceModule artifact lands at ${address}, not at DEVNET_ALLOWANCE_MODULE (${DEVNET_ALLOWANCE_MODULE}): update it in packages/safe/src/allowanceModule.ts after a recompile`,
    )
  if (!(await client.getCode({ address }))) {
    const hash = await client.sendTransaction({
      account: funder,
      to: SINGLETON_FACTORY,
      data: concat([zeroHash, artifact.bytecode]),
      gas: 6_000_000n,
    })
    await client.waitForTransactionReceipt({ hash })
    if (!(await client.getCode({ address })))
      throw new Error(`the AllowanceModule was not deployed at ${address}`)
  }
  return address
}
