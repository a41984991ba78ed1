// Installs the contracts Concord's features use beside the Safe: Multicall3, the Zodiac Delay modifier and its
// ModuleProxyFactory (recovery), and the passkey signer factory with a P-256 verifier. Each lands where its own
// deployment puts it on every chain, and is proved by that address: a CREATE2 address commits to the creation
// code, so the code there is the registry package's.
import { createRequire } from 'node:module'
import { DETERMINISTIC_DEPLOYMENT_PROXY } from '@concord/safe/contracts'
import {
  ERC2470_SINGLETON_FACTORY,
  MULTICALL3,
  passkeyContracts,
  zodiacContracts,
} from '@concord/safe/modules'
import {
  type Address,
  concat,
  getAddress,
  getContractAddress,
  type Hex,
  keccak256,
  parseAbi,
  parseEther,
  zeroHash,
} from 'viem'
import type { DevnetClient } from '../client.ts'
import { MULTICALL3_CODE_HASH, MULTICALL3_RUNTIME_CODE } from './multicall3Code.ts'

const require = createRequire(import.meta.url)

export class ModuleContractMissingError extends Error {
  override name = 'ModuleContractMissingError'
}

/**
 * ERC-2470's keyless deployment of the singleton factory: the raw, chain-independent transaction the EIP
 * publishes (its sender is recovered from the signature, so nobody holds its key).
 */
const ERC2470_DEPLOYER = '0xBb6e024b9cFFACB947A71991E386681B1Cd1477D'
const ERC2470_DEPLOYMENT: Hex =
  '0xf9016c8085174876e8008303c4d88080b90154608060405234801561001057600080fd5b50610134806100206000396000f3fe6080604052348015600f57600080fd5b506004361060285760003560e01c80634af63f0214602d575b600080fd5b60cf60048036036040811015604157600080fd5b810190602081018135640100000000811115605b57600080fd5b820183602082011115606c57600080fd5b80359060200191846001830284011164010000000083111715608d57600080fd5b91908080601f016020809104026020016040519081016040528093929190818152602001838380828437600092019190915250929550509135925060eb915050565b604080516001600160a01b039092168252519081900360200190f35b6000818351602085016000f5939250505056fea26469706673582212206b44f8a82cb6b156bfcc3dc6aadd6df4eefd204bc928a4397fd15dacf6d5320564736f6c634300060200331b83247000822470'

const erc2470Abi = parseAbi(['function deploy(bytes initCode, bytes32 salt) returns (address)'])

/** Zodiac's mastercopies: creation code and salt as `@gnosis.pm/zodiac` publishes them, by our name. */
const zodiacInitData: Record<keyof typeof zodiacContracts, 'delay' | 'factory'> = {
  delayMastercopy: 'delay',
  moduleProxyFactory: 'factory',
}

/** The passkey package's artifacts, by our name. */
const passkeyArtifacts: Record<keyof typeof passkeyContracts, string> = {
  webAuthnSignerFactory: 'SafeWebAuthnSignerFactory.sol/SafeWebAuthnSignerFactory.json',
  fclP256Verifier: 'verifiers/FCLP256Verifier.sol/FCLP256Verifier.json',
}

/** Every contract this file installs, by address, for the tests and the chain's health check. */
export const devnetModuleContracts: Record<string, Address> = {
  multicall3: MULTICALL3,
  ...zodiacContracts,
  ...passkeyContracts,
}

export async function deployModuleContracts(client: DevnetClient, funder: Address): Promise<void> {
  await installMulticall3(client)
  await installZodiac(client, funder)
  await installPasskey(client, funder)
}

/**
 * Multicall3 is deployed on every chain by its deployer's first transaction; the devnet sets its runtime code at
 * that address, as OP Stack chains preinstall it, and refuses any other code there.
 */
async function installMulticall3(client: DevnetClient): Promise<void> {
  if (!(await client.getCode({ address: MULTICALL3 })))
    await client.setCode({ address: MULTICALL3, bytecode: MULTICALL3_RUNTIME_CODE })
  const code = await client.getCode({ address: MULTICALL3 })
  if (!code || keccak256(code) !== MULTICALL3_CODE_HASH)
    throw new ModuleContractMissingError(`Multicall3 at ${MULTICALL3} is not the code deployed on Ethereum`)
}

async function installZodiac(client: DevnetClient, funder: Address): Promise<void> {
  await installErc2470(client, funder)
  const { MasterCopyInitData } = require('@gnosis.pm/zodiac') as {
    MasterCopyInitData: Record<string, { initCode: Hex; salt: Hex }>
  }
  for (const [name, key] of Object.entries(zodiacInitData) as [keyof typeof zodiacContracts, string][]) {
    const address = zodiacContracts[name]
    const initData = MasterCopyInitData[key]
    if (!initData) throw new ModuleContractMissingError(`@gnosis.pm/zodiac has no creation code for ${key}`)
    const { initCode, salt } = initData
    proveCreate2(name, address, ERC2470_SINGLETON_FACTORY, salt, initCode)
    if (!(await client.getCode({ address }))) {
      const hash = await client.writeContract({
        account: funder,
        address: ERC2470_SINGLETON_FACTORY,
        abi: erc2470Abi,
        functionName: 'deploy',
        args: [initCode, salt],
        gas: 8_000_000n,
        chain: client.chain,
      })
      await client.waitForTransactionReceipt({ hash })
    }
    await requireCode(client, name, address)
  }
}

async function installErc2470(client: DevnetClient, funder: Address): Promise<void> {
  if (await client.getCode({ address: ERC2470_SINGLETON_FACTORY })) return
  // gas limit 247,000 at 100 gwei, as the keyless transaction was signed with
  await fund(client, funder, ERC2470_DEPLOYER, parseEther('0.0247'))
  const hash = await client.sendRawTransaction({ serializedTransaction: ERC2470_DEPLOYMENT })
  await client.waitForTransactionReceipt({ hash })
  await requireCode(client, 'ERC-2470 singleton factory', ERC2470_SINGLETON_FACTORY)
}

async function installPasskey(client: DevnetClient, funder: Address): Promise<void> {
  for (const [name, path] of Object.entries(passkeyArtifacts) as [keyof typeof passkeyContracts, string][]) {
    const address = passkeyContracts[name]
    const { bytecode } = require(`@safe-global/safe-passkey/build/artifacts/contracts/${path}`) as {
      bytecode: Hex
    }
    proveCreate2(name, address, DETERMINISTIC_DEPLOYMENT_PROXY, zeroHash, bytecode)
    if (!(await client.getCode({ address }))) {
      const hash = await client.sendTransaction({
        account: funder,
        to: DETERMINISTIC_DEPLOYMENT_PROXY,
        data: concat([zeroHash, bytecode]),
        gas: 8_000_000n,
        chain: client.chain,
      })
      await client.waitForTransactionReceipt({ hash })
    }
    await requireCode(client, name, address)
  }
}

/** The package's creation code must land at the address Concord names: else the package is not that release. */
function proveCreate2(name: string, address: Address, deployer: Address, salt: Hex, bytecode: Hex): void {
  const landsAt = getContractAddress({
    opcode: 'CREATE2',
    from: deployer,
    salt,
    bytecodeHash: keccak256(bytecode),
  })
  if (getAddress(landsAt) !== getAddress(address))
    throw new ModuleContractMissingError(
      `${name}: the package's creation code lands at ${landsAt}, not ${address}`,
    )
}

async function requireCode(client: DevnetClient, name: string, address: Address): Promise<void> {
  if (!(await client.getCode({ address })))
    throw new ModuleContractMissingError(`${name}: no code at ${address} after its deployment`)
}

async function fund(client: DevnetClient, funder: Address, to: Address, value: bigint): Promise<void> {
  const hash = await client.sendTransaction({ account: funder, to, value, chain: client.chain })
  await client.waitForTransactionReceipt({ hash })
}
