// Installs the Safe contracts at their canonical addresses, v1.4.1 through the singleton factory and v1.3.0
// through the deterministic deployment proxy (both CREATE2 with salt 0), then the v1.4.1 migration contracts,
// and proves each one against the code hash published in @safe-global/safe-deployments.
import { createRequire } from 'node:module'
import {
  DETERMINISTIC_DEPLOYMENT_PROXY,
  type MigrationContractName,
  type SafeContractName,
  type SafeVersion,
  SINGLETON_FACTORY,
  safeContracts,
  safeMigrationsV141,
  safeV141,
} from '@concord/safe/contracts'
import { canonicalDeployment } from '@concord/safe/deployments'
import { getSingletonFactoryInfo } from '@safe-global/safe-singleton-factory'
import { type Address, concat, encodeAbiParameters, type Hex, keccak256, zeroHash } from 'viem'
import type { DevnetClient } from '../client.ts'

const require = createRequire(import.meta.url)

/**
 * Where each version's contracts come from: the CREATE2 deployer and the Hardhat artifact of each contract.
 * v1.3.0 has no SignMessageLib: the one in @gnosis.pm/safe-contracts@1.3.0 is a later build than the published
 * deployment (its bytecode differs), so it would land at another address with another code hash.
 */
const sources: Record<
  SafeVersion,
  { deployer: Address; artifacts: string; paths: Partial<Record<SafeContractName, string>> }
> = {
  '1.4.1': {
    deployer: SINGLETON_FACTORY,
    artifacts: '@safe-global/safe-contracts/build/artifacts/contracts',
    paths: {
      safeL2: 'SafeL2.sol/SafeL2.json',
      safe: 'Safe.sol/Safe.json',
      safeProxyFactory: 'proxies/SafeProxyFactory.sol/SafeProxyFactory.json',
      compatibilityFallbackHandler:
        'handler/CompatibilityFallbackHandler.sol/CompatibilityFallbackHandler.json',
      multiSend: 'libraries/MultiSend.sol/MultiSend.json',
      multiSendCallOnly: 'libraries/MultiSendCallOnly.sol/MultiSendCallOnly.json',
      signMessageLib: 'libraries/SignMessageLib.sol/SignMessageLib.json',
      createCall: 'libraries/CreateCall.sol/CreateCall.json',
      simulateTxAccessor: 'accessors/SimulateTxAccessor.sol/SimulateTxAccessor.json',
    },
  },
  '1.3.0': {
    deployer: DETERMINISTIC_DEPLOYMENT_PROXY,
    artifacts: '@gnosis.pm/safe-contracts/build/artifacts/contracts',
    paths: {
      safeL2: 'GnosisSafeL2.sol/GnosisSafeL2.json',
      safe: 'GnosisSafe.sol/GnosisSafe.json',
      safeProxyFactory: 'proxies/GnosisSafeProxyFactory.sol/GnosisSafeProxyFactory.json',
      compatibilityFallbackHandler:
        'handler/CompatibilityFallbackHandler.sol/CompatibilityFallbackHandler.json',
      multiSend: 'libraries/MultiSend.sol/MultiSend.json',
      multiSendCallOnly: 'libraries/MultiSendCallOnly.sol/MultiSendCallOnly.json',
      createCall: 'libraries/CreateCall.sol/CreateCall.json',
      simulateTxAccessor: 'accessors/SimulateTxAccessor.sol/SimulateTxAccessor.json',
    },
  },
}

/**
 * The v1.4.1 migration contracts, through the singleton factory like the other v1.4.1 contracts. They are not in
 * the @safe-global/safe-contracts@1.4.1 release but in its 1.4.1-2 pre-release, whose creation code (with
 * SafeMigration's constructor arguments: the v1.4.1 Safe, SafeL2 and CompatibilityFallbackHandler, kept as
 * immutables) lands exactly at the published addresses with the published code hashes.
 */
const migrationArtifacts = '@safe-global/safe-contracts-1.4.1-2/build/artifacts/contracts/libraries'
const migrations: Record<MigrationContractName, { path: string; constructorArgs: Hex }> = {
  safeMigration: {
    path: 'SafeMigration.sol/SafeMigration.json',
    constructorArgs: encodeAbiParameters(
      [{ type: 'address' }, { type: 'address' }, { type: 'address' }],
      [safeV141.safe, safeV141.safeL2, safeV141.compatibilityFallbackHandler],
    ),
  },
  safeToL2Migration: { path: 'SafeToL2Migration.sol/SafeToL2Migration.json', constructorArgs: '0x' },
}

/** The migration contracts the devnet installs (v1.4.1, after the singletons their constructors check). */
export const devnetMigrationContracts = Object.keys(migrations) as MigrationContractName[]

/** Runtime code of the deterministic deployment proxy; anvil has it at genesis, Hardhat needs it set. */
const DETERMINISTIC_DEPLOYMENT_PROXY_CODE: Hex =
  '0x7fffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffe03601600081602082378035828234f58015156039578182fd5b8082525050506014600cf3'

export class CodeHashMismatchError extends Error {
  override name = 'CodeHashMismatchError'
}

/** Every Safe version Concord's devnet holds, in the order they are installed. */
export const devnetSafeVersions: SafeVersion[] = ['1.4.1', '1.3.0']

/** The contracts of a version the devnet installs at their canonical addresses. */
export function devnetSafeContracts(version: SafeVersion): SafeContractName[] {
  return Object.keys(sources[version].paths) as SafeContractName[]
}

export async function deploySafeContracts(client: DevnetClient, funder: Address): Promise<void> {
  await installSingletonFactory(client, funder)
  await installDeterministicDeploymentProxy(client)
  for (const version of devnetSafeVersions) {
    const { deployer, artifacts, paths } = sources[version]
    for (const name of devnetSafeContracts(version)) {
      const address = safeContracts[version][name]
      if (!(await client.getCode({ address }))) {
        const { bytecode } = require(`${artifacts}/${paths[name]}`) as { bytecode: Hex }
        const hash = await client.sendTransaction({
          account: funder,
          to: deployer,
          data: concat([zeroHash, bytecode]),
          gas: 8_000_000n,
        })
        await client.waitForTransactionReceipt({ hash })
      }
      await verifyCodeHash(client, name, version)
    }
  }
  for (const name of devnetMigrationContracts) {
    if (!(await client.getCode({ address: safeMigrationsV141[name] }))) {
      const { path, constructorArgs } = migrations[name]
      const { bytecode } = require(`${migrationArtifacts}/${path}`) as { bytecode: Hex }
      const hash = await client.sendTransaction({
        account: funder,
        to: SINGLETON_FACTORY,
        data: concat([zeroHash, bytecode, constructorArgs]),
        gas: 8_000_000n,
      })
      await client.waitForTransactionReceipt({ hash })
    }
    await verifyCodeHash(client, name, '1.4.1')
  }
}

/** Fails loudly when the code at a canonical address is not the published contract. */
export async function verifyCodeHash(
  client: DevnetClient,
  name: SafeContractName | MigrationContractName,
  version: SafeVersion = '1.4.1',
): Promise<void> {
  const expected = canonicalDeployment(name, version)
  const code = await client.getCode({ address: expected.address })
  const actual = code ? keccak256(code) : 'no code'
  if (actual !== expected.codeHash)
    throw new CodeHashMismatchError(
      `${name} v${version} at ${expected.address}: code hash ${actual} differs from safe-deployments ${expected.codeHash}`,
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

async function installDeterministicDeploymentProxy(client: DevnetClient): Promise<void> {
  if (await client.getCode({ address: DETERMINISTIC_DEPLOYMENT_PROXY })) return
  await client.setCode({
    address: DETERMINISTIC_DEPLOYMENT_PROXY,
    bytecode: DETERMINISTIC_DEPLOYMENT_PROXY_CODE,
  })
}
