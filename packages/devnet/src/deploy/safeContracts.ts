// Installs the singleton factory and the Safe v1.4.1 contracts at their canonical addresses, then proves
// each one against the code hash published in @safe-global/safe-deployments.
import { createRequire } from 'node:module'
import { type SafeContractName, SINGLETON_FACTORY, safeV141 } from '@concord/safe/contracts'
import { canonicalDeployment } from '@concord/safe/deployments'
import { getSingletonFactoryInfo } from '@safe-global/safe-singleton-factory'
import { type Address, concat, type Hex, keccak256, zeroHash } from 'viem'
import type { DevnetClient } from '../client.ts'

const require = createRequire(import.meta.url)

/** Hardhat artifact paths inside @safe-global/safe-contracts 1.4.1. */
const artifactPaths: Record<SafeContractName, string> = {
  safeL2: 'SafeL2.sol/SafeL2.json',
  safe: 'Safe.sol/Safe.json',
  safeProxyFactory: 'proxies/SafeProxyFactory.sol/SafeProxyFactory.json',
  compatibilityFallbackHandler: 'handler/CompatibilityFallbackHandler.sol/CompatibilityFallbackHandler.json',
  multiSend: 'libraries/MultiSend.sol/MultiSend.json',
  multiSendCallOnly: 'libraries/MultiSendCallOnly.sol/MultiSendCallOnly.json',
  signMessageLib: 'libraries/SignMessageLib.sol/SignMessageLib.json',
  createCall: 'libraries/CreateCall.sol/CreateCall.json',
  simulateTxAccessor: 'accessors/SimulateTxAccessor.sol/SimulateTxAccessor.json',
}

export class CodeHashMismatchError extends Error {
  override name = 'CodeHashMismatchError'
}

export async function deploySafeContracts(client: DevnetClient, funder: Address): Promise<void> {
  await installSingletonFactory(client, funder)
  for (const name of Object.keys(artifactPaths) as SafeContractName[]) {
    const address = safeV141[name]
    if (!(await client.getCode({ address }))) {
      const { bytecode } = require(
        `@safe-global/safe-contracts/build/artifacts/contracts/${artifactPaths[name]}`,
      )
      const hash = await client.sendTransaction({
        account: funder,
        to: SINGLETON_FACTORY,
        data: concat([zeroHash, bytecode as Hex]),
        gas: 6_000_000n,
      })
      await client.waitForTransactionReceipt({ hash })
    }
    await verifyCodeHash(client, name)
  }
}

/** Fails loudly when the code at a canonical address is not the published contract. */
export async function verifyCodeHash(client: DevnetClient, name: SafeContractName): Promise<void> {
  const expected = canonicalDeployment(name)
  const code = await client.getCode({ address: expected.address })
  const actual = code ? keccak256(code) : 'no code'
  if (actual !== expected.codeHash)
    throw new CodeHashMismatchError(
      `${name} at ${expected.address}: code hash ${actual} differs from safe-deployments ${expected.codeHash}`,
    )
}

async function installSingletonFactory(client: DevnetClient, funder: Address): Promise<void> {
  if (await client.getCode({ address: SINGLETON_FACTORY })) return
  const info = getSingletonFactoryInfo(client.chain.id)
  if (!info) throw new Error(`no presigned singleton factory transaction for chain ${client.chain.id}`)
  const fund = await client.sendTransaction({
    account: funder,
    to: info.signerAddress as Address,
    value: BigInt(info.gasPrice) * BigInt(info.gasLimit),
  })
  await client.waitForTransactionReceipt({ hash: fund })
  const hash = await client.sendRawTransaction({ serializedTransaction: info.transaction as Hex })
  await client.waitForTransactionReceipt({ hash })
}
