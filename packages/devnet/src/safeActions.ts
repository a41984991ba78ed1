// Safe operations the devnet scenario and the tests drive: deploy a proxy, sign and execute a Safe transaction
// (directly, or through a relaying contract so the transaction's own calldata is not execTransaction).
import {
  multiSendAbi,
  type SafeVersion,
  safeAbi,
  safeContracts,
  safeProxyFactoryAbi,
  safeProxyFactoryV130Abi,
} from '@concord/safe/contracts'
import * as SafeTx from '@concord/safe/SafeTx'
import {
  type Abi,
  type Address,
  concat,
  encodeFunctionData,
  encodePacked,
  type Hash,
  type Hex,
  isAddressEqual,
  type LocalAccount,
  parseAbi,
  parseEventLogs,
  size,
  zeroAddress,
} from 'viem'
import type { DevnetClient } from './client.ts'

export type CreateSafeParameters = {
  owners: Address[]
  threshold: number
  saltNonce: bigint
  /** Account paying for the deployment (an unlocked devnet account). */
  sender: Address
  /** Contracts version: its proxy factory, singleton and fallback handler are used. Default 1.4.1. */
  version?: SafeVersion
  /** The L2 singleton (events for every execution, default) or the plain one (as on Ethereum mainnet). */
  l2?: boolean
  /** Any other singleton (overrides `version` and `l2` for the singleton only). */
  singleton?: Address
}

/** Proxy factory ABI per version: v1.3.0's ProxyCreation does not index `proxy`. */
const factoryAbis: Record<SafeVersion, Abi> = {
  '1.4.1': safeProxyFactoryAbi,
  '1.3.0': safeProxyFactoryV130Abi,
}

export async function createSafe(client: DevnetClient, p: CreateSafeParameters): Promise<Address> {
  return (await createSafeWithHash(client, p)).address
}

/** Like createSafe, also returning the creation transaction's hash. */
export async function createSafeWithHash(
  client: DevnetClient,
  p: CreateSafeParameters,
): Promise<{ address: Address; hash: Hash }> {
  const contracts = safeContracts[p.version ?? '1.4.1']
  const initializer = encodeFunctionData({
    abi: safeAbi,
    functionName: 'setup',
    args: [
      p.owners,
      BigInt(p.threshold),
      zeroAddress,
      '0x',
      contracts.compatibilityFallbackHandler,
      zeroAddress,
      0n,
      zeroAddress,
    ],
  })
  const hash = await client.writeContract({
    account: p.sender,
    address: contracts.safeProxyFactory,
    abi: safeProxyFactoryAbi,
    functionName: 'createProxyWithNonce',
    args: [p.singleton ?? (p.l2 === false ? contracts.safe : contracts.safeL2), initializer, p.saltNonce],
  })
  const receipt = await client.waitForTransactionReceipt({ hash })
  const [creation] = parseEventLogs({
    abi: factoryAbis[p.version ?? '1.4.1'],
    eventName: 'ProxyCreation',
    logs: receipt.logs.filter((log) => isAddressEqual(log.address, contracts.safeProxyFactory)),
  }) as { args: { proxy: Address } }[]
  if (!creation) throw new Error('ProxyCreation event missing')
  return { address: creation.args.proxy, hash }
}

/** The demo relayer's one function (packages/devnet/contracts/DemoRelayer.sol). */
export const relayerAbi = parseAbi([
  'function relay(address target, bytes data) payable returns (bytes result)',
  'event Relayed(address indexed target, bytes4 selector)',
])

export type ExecSafeTxParameters = {
  safe: Address
  tx: Omit<Parameters<typeof SafeTx.from>[0], 'nonce'>
  /** Owners whose signatures are collected (at least the threshold). */
  signers: LocalAccount[]
  /** Unlocked devnet account sending the transaction. */
  executor: Address
  /** A relaying contract (DemoRelayer) that calls execTransaction on the Safe, instead of the executor directly. */
  via?: Address
}

export type SafeTxExecution = {
  /** Hash of the Ethereum transaction. */
  hash: Hash
  /** EIP-712 hash of the Safe transaction (the same domain from v1.3.0 on). */
  safeTxHash: Hash
  nonce: bigint
}

/** Signs the Safe transaction at the Safe's current nonce with every signer and executes it. */
export async function execSafeTx(client: DevnetClient, p: ExecSafeTxParameters): Promise<Hash> {
  return (await execSafeTxWithHash(client, p)).hash
}

/** Like execSafeTx, also returning the safeTxHash and the nonce it ran at. */
export async function execSafeTxWithHash(
  client: DevnetClient,
  p: ExecSafeTxParameters,
): Promise<SafeTxExecution> {
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
  const hash = await sendExecTransaction(client, {
    safe: p.safe,
    tx,
    signatures,
    executor: p.executor,
    via: p.via,
  })
  return { hash, safeTxHash, nonce }
}

export type SendExecTransactionParameters = {
  safe: Address
  tx: SafeTx.SafeTx
  /** The owners' signatures, joined in the order the Safe requires (SafeTx.joinSignatures). */
  signatures: Hex
  /** Unlocked devnet account sending the transaction. */
  executor: Address
  /** A relaying contract (DemoRelayer) that calls execTransaction on the Safe, instead of the executor directly. */
  via?: Address | undefined
}

/** Sends execTransaction for a SafeTx with these signatures and waits for it; throws if it reverted. */
export async function sendExecTransaction(
  client: DevnetClient,
  p: SendExecTransactionParameters,
): Promise<Hash> {
  const execData = encodeFunctionData({
    abi: safeAbi,
    functionName: 'execTransaction',
    args: SafeTx.execTransactionArgs(p.tx, p.signatures),
  })
  const hash = p.via
    ? await client.writeContract({
        account: p.executor,
        address: p.via,
        abi: relayerAbi,
        functionName: 'relay',
        args: [p.safe, execData],
      })
    : await client.sendTransaction({ account: p.executor, to: p.safe, data: execData })
  const receipt = await client.waitForTransactionReceipt({ hash })
  if (receipt.status !== 'success') throw new Error(`execTransaction reverted: ${hash}`)
  return hash
}

export type MultiSendCall = { to: Address; value?: bigint; data?: Hex; operation?: SafeTx.Operation }

/** Calldata of MultiSend.multiSend(transactions) for these calls (packed operation, to, value, length, data). */
export function encodeMultiSend(calls: MultiSendCall[]): Hex {
  const transactions = concat(
    calls.map((c) =>
      encodePacked(
        ['uint8', 'address', 'uint256', 'uint256', 'bytes'],
        [c.operation ?? 0, c.to, c.value ?? 0n, BigInt(size(c.data ?? '0x')), c.data ?? '0x'],
      ),
    ),
  )
  return encodeFunctionData({ abi: multiSendAbi, functionName: 'multiSend', args: [transactions] })
}
