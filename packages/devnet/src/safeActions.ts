// Safe operations the devnet scenario and the tests drive: deploy a proxy, sign and execute a Safe transaction.
import { safeAbi, safeProxyFactoryAbi, safeV141 } from '@concord/safe/contracts'
import * as SafeTx from '@concord/safe/SafeTx'
import {
  type Address,
  encodeFunctionData,
  type Hash,
  type LocalAccount,
  parseEventLogs,
  zeroAddress,
} from 'viem'
import type { DevnetClient } from './client.ts'

export type CreateSafeParameters = {
  owners: Address[]
  threshold: number
  saltNonce: bigint
  /** Account paying for the deployment (an unlocked devnet account). */
  sender: Address
  singleton?: Address
}

export async function createSafe(client: DevnetClient, p: CreateSafeParameters): Promise<Address> {
  const initializer = encodeFunctionData({
    abi: safeAbi,
    functionName: 'setup',
    args: [
      p.owners,
      BigInt(p.threshold),
      zeroAddress,
      '0x',
      safeV141.compatibilityFallbackHandler,
      zeroAddress,
      0n,
      zeroAddress,
    ],
  })
  const hash = await client.writeContract({
    account: p.sender,
    address: safeV141.safeProxyFactory,
    abi: safeProxyFactoryAbi,
    functionName: 'createProxyWithNonce',
    args: [p.singleton ?? safeV141.safeL2, initializer, p.saltNonce],
  })
  const receipt = await client.waitForTransactionReceipt({ hash })
  const [creation] = parseEventLogs({
    abi: safeProxyFactoryAbi,
    eventName: 'ProxyCreation',
    logs: receipt.logs,
  })
  if (!creation) throw new Error('ProxyCreation event missing')
  return creation.args.proxy
}

export type ExecSafeTxParameters = {
  safe: Address
  tx: Omit<Parameters<typeof SafeTx.from>[0], 'nonce'>
  /** Owners whose signatures are collected (at least the threshold). */
  signers: LocalAccount[]
  /** Unlocked devnet account sending execTransaction. */
  executor: Address
}

/** Signs the Safe transaction at the Safe's current nonce with every signer and executes it. */
export async function execSafeTx(client: DevnetClient, p: ExecSafeTxParameters): Promise<Hash> {
  const nonce = await client.readContract({ address: p.safe, abi: safeAbi, functionName: 'nonce' })
  const tx = SafeTx.from({ ...p.tx, nonce })
  const safeTxHash = SafeTx.hash(tx, { chainId: client.chain.id, address: p.safe })
  const signatures = SafeTx.joinSignatures(
    await Promise.all(
      p.signers.map(async (s) => {
        if (!s.sign) throw new Error(`account ${s.address} cannot sign raw hashes`)
        return { signer: s.address, data: await s.sign({ hash: safeTxHash }) }
      }),
    ),
  )
  const hash = await client.writeContract({
    account: p.executor,
    address: p.safe,
    abi: safeAbi,
    functionName: 'execTransaction',
    args: [
      tx.to,
      tx.value,
      tx.data,
      tx.operation,
      tx.safeTxGas,
      tx.baseGas,
      tx.gasPrice,
      tx.gasToken,
      tx.refundReceiver,
      signatures,
    ],
  })
  const receipt = await client.waitForTransactionReceipt({ hash })
  if (receipt.status !== 'success') throw new Error(`execTransaction reverted: ${hash}`)
  return hash
}
