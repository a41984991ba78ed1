// The demo scenario shared by `npm start` and the tests. Same inputs every run, so the same addresses.
// Safe v1.4.1 (SafeL2), seeded first:
//  - "treasury": created 1-of-2 (accounts #0, #1), then made 2-of-3 by adding #2 with threshold 2,
//    then an ETH transfer and a cUSD transfer to account #3, each signed by two owners.
//  - "solo": 1-of-1 (account #0), sends 0.5 ETH to the treasury.
//  Both hold ETH, both demo tokens and demo collectibles.
// Safe v1.3.0, seeded after them (so the v1.4.1 steps keep their blocks and addresses), owned by #0 with
// accounts #6–#8 (so the owner lookups of #1–#5 stay as they were):
//  - "legacyL2": a GnosisSafeL2 (events for every execution, as Safe{Wallet} makes on L2 chains);
//  - "mainnet": a plain GnosisSafe (no SafeMultiSigTransaction event, as Safe{Wallet} makes on Ethereum).
//  Each is created 1-of-2 (#0, #6) and funded with ETH, cUSD and CGT, then: add #7 with threshold 2, swap #6
//  for #8 (legacyL2) or remove #6 (mainnet), an ERC20 transfer to #3, a MultiSend (DELEGATECALL, ETH + ERC20)
//  and an ETH transfer to #3 executed through the DemoRelayer contract, so that transaction's own calldata is
//  relay(), not execTransaction.
// Also after the v1.3.0 Safes: "recovery", recovery through a Zodiac Delay with #5 as recoverer (recoveryDemo.ts).
// Seeded last: "allowances", a spending limit for #4 (spendingLimitDemo.ts).
import { erc20Abi, type SafeVersion, safeAbi, safeV130 } from '@concord/safe/contracts'
import { type Address, type ContractFunctionArgs, encodeFunctionData, type Hash, parseEther } from 'viem'
import type { HDAccount } from 'viem/accounts'
import { testAccount } from '../accounts.ts'
import type { DevnetClient } from '../client.ts'
import { type DemoAssets, demoCollectibleAbi, deployDemoRelayer } from '../deploy/demoAssets.ts'
import {
  type CreateSafeParameters,
  createSafeWithHash,
  type ExecSafeTxParameters,
  encodeMultiSend,
  execSafeTxWithHash,
} from '../safeActions.ts'
import { seedRecoveryDemo } from './recoveryDemo.ts'
import { type SpendingLimitDemo, seedSpendingLimitDemo } from './spendingLimitDemo.ts'

/** One executed Safe transaction of the demo. */
export type DemoExecution = {
  /** What it does, e.g. "addOwnerWithThreshold #2, threshold 2". */
  description: string
  /** Hash of the Ethereum transaction. */
  hash: Hash
  safeTxHash: Hash
  nonce: bigint
  /** Sent through the DemoRelayer (the transaction calls relay(), which calls execTransaction). */
  relayed: boolean
}

export type DemoSafe = {
  address: Address
  /** The name a new user sees for it (the gateway's chain config publishes it, see DEMO_SAFE_NAMES). */
  name: string
  /** Owners today, in the contract's order. */
  owners: Address[]
  threshold: number
  version: SafeVersion
  /** L2 singleton (SafeL2 / GnosisSafeL2) or the plain one. */
  l2: boolean
  /** Hash of the transaction that created the proxy. */
  creation: Hash
  /** Executed Safe transactions, in nonce order. */
  executions: DemoExecution[]
}

export type DemoScenario = {
  safes: {
    treasury: DemoSafe
    solo: DemoSafe
    legacyL2: DemoSafe
    mainnet: DemoSafe
    allowances: DemoSafe
    recovery: DemoSafe
  }
  /** The allowances Safe's spending limit: its module, beneficiary (#4) and token (cUSD). */
  spendingLimit: Omit<SpendingLimitDemo, 'safe'>
  /** The recovery Safe's Delay modifier and its recoverer (#5). */
  recovery: { delay: Address; recoverer: Address }
  /** Recipient (account #3) of the Safes' outgoing transfers. */
  recipient: Address
  /** Token ids of the demo collectible held by each Safe. */
  collectibles: { treasury: bigint[]; solo: bigint[] }
  /** The DemoRelayer contract that executed one transaction of each v1.3.0 Safe. */
  relayer: Address
  /** Hashes of every executed Safe transaction, in the order they ran. */
  executed: Hash[]
}

/** The demo Safes' names, by their key in `DemoScenario.safes`. */
export const DEMO_SAFE_NAMES: Record<keyof DemoScenario['safes'], string> = {
  treasury: 'Treasury (demo)',
  solo: 'Solo (demo)',
  legacyL2: 'Legacy L2 (demo)',
  mainnet: 'Legacy mainnet (demo)',
  recovery: 'Recovery (demo)',
  allowances: 'Allowances (demo)',
}

/** The scenario with today's names: a chain kept from an earlier start may have been saved without them. */
export const withDemoNames = (scenario: DemoScenario): DemoScenario => ({
  ...scenario,
  safes: Object.fromEntries(
    Object.entries(scenario.safes).map(([key, safe]) => [
      key,
      { ...safe, name: DEMO_SAFE_NAMES[key as keyof DemoScenario['safes']] },
    ]),
  ) as DemoScenario['safes'],
})

type OwnerFunction = 'addOwnerWithThreshold' | 'swapOwner' | 'removeOwner'

export async function seedDemoScenario(client: DevnetClient, assets: DemoAssets): Promise<DemoScenario> {
  const [a0, a1, a2, a3, , , a6, a7, a8] = Array.from({ length: 9 }, (_, i) => testAccount(i)) as [
    HDAccount,
    HDAccount,
    HDAccount,
    HDAccount,
    HDAccount,
    HDAccount,
    HDAccount,
    HDAccount,
    HDAccount,
  ]
  const sender = a0.address
  const send = async (to: Address, value: bigint) =>
    client.waitForTransactionReceipt({ hash: await client.sendTransaction({ account: sender, to, value }) })
  const transferData = (to: Address, amount: bigint) =>
    encodeFunctionData({ abi: erc20Abi, functionName: 'transfer', args: [to, amount] })
  const transferToken = async (token: Address, to: Address, amount: bigint) =>
    client.waitForTransactionReceipt({
      hash: await client.sendTransaction({ account: sender, to: token, data: transferData(to, amount) }),
    })
  const mintCollectible = async (to: Address) => {
    await client.waitForTransactionReceipt({
      hash: await client.writeContract({
        account: sender,
        address: assets.collectible,
        abi: demoCollectibleAbi,
        functionName: 'mint',
        args: [to],
      }),
    })
  }
  const selfCall = <F extends OwnerFunction>(
    safe: Address,
    functionName: F,
    args: ContractFunctionArgs<typeof safeAbi, 'nonpayable', F>,
  ) => ({ to: safe, data: encodeFunctionData({ abi: safeAbi, functionName, args } as never) })

  const safes = new Map<Address, DemoSafe>()
  const executed: Hash[] = []
  const create = async (
    p: Omit<CreateSafeParameters, 'sender'>,
    final: Pick<DemoSafe, 'owners' | 'threshold'>,
  ): Promise<Address> => {
    const { address, hash } = await createSafeWithHash(client, { ...p, sender })
    safes.set(address, {
      address,
      name: '',
      ...final,
      version: p.version ?? '1.4.1',
      l2: p.l2 ?? true,
      creation: hash,
      executions: [],
    })
    return address
  }
  const exec = async (description: string, p: Omit<ExecSafeTxParameters, 'executor'>) => {
    const run = await execSafeTxWithHash(client, { ...p, executor: sender })
    safes.get(p.safe)?.executions.push({ description, ...run, relayed: p.via !== undefined })
    executed.push(run.hash)
  }

  // ---- Safe v1.4.1: treasury and solo (unchanged since the first demo: gateway tests rely on them).
  // AddedOwner appends at the head of the owner list: the treasury's final order is [#2, #0, #1].
  const treasury = await create(
    { owners: [a0.address, a1.address], threshold: 1, saltNonce: 1n },
    { owners: [a2.address, a0.address, a1.address], threshold: 2 },
  )
  const solo = await create(
    { owners: [a0.address], threshold: 1, saltNonce: 2n },
    { owners: [a0.address], threshold: 1 },
  )

  await send(treasury, parseEther('10'))
  await send(solo, parseEther('2'))
  await transferToken(assets.usd, treasury, 25_000n * 10n ** 6n)
  await transferToken(assets.gov, treasury, 1_000n * 10n ** 18n)
  await transferToken(assets.gov, solo, 500n * 10n ** 18n)
  for (const to of [treasury, treasury, treasury, solo, solo]) await mintCollectible(to)

  await exec('addOwnerWithThreshold #2, threshold 2', {
    safe: treasury,
    tx: selfCall(treasury, 'addOwnerWithThreshold', [a2.address, 2n]),
    signers: [a0],
  })
  await exec('send 1 ETH to #3', {
    safe: treasury,
    tx: { to: a3.address, value: parseEther('1') },
    signers: [a0, a1],
  })
  await exec('transfer 100 cUSD to #3', {
    safe: treasury,
    tx: { to: assets.usd, data: transferData(a3.address, 100n * 10n ** 6n) },
    signers: [a0, a2],
  })
  await exec('send 0.5 ETH to the treasury', {
    safe: solo,
    tx: { to: treasury, value: parseEther('0.5') },
    signers: [a0],
  })

  // ---- Safe v1.3.0: legacyL2 and mainnet.
  const relayer = await deployDemoRelayer(client, sender)
  const legacyL2 = await create(
    { owners: [a0.address, a6.address], threshold: 1, saltNonce: 3n, version: '1.3.0' },
    { owners: [a7.address, a0.address, a8.address], threshold: 2 },
  )
  const mainnet = await create(
    { owners: [a0.address, a6.address], threshold: 1, saltNonce: 4n, version: '1.3.0', l2: false },
    { owners: [a7.address, a0.address], threshold: 2 },
  )
  for (const safe of [legacyL2, mainnet]) {
    await send(safe, parseEther('5'))
    await transferToken(assets.usd, safe, 5_000n * 10n ** 6n)
    await transferToken(assets.gov, safe, 200n * 10n ** 18n)
  }

  // Owners after adding #7 with threshold 2: [#7, #0, #6]; #0 precedes #6 in the linked list.
  for (const safe of [legacyL2, mainnet]) {
    await exec('addOwnerWithThreshold #7, threshold 2', {
      safe,
      tx: selfCall(safe, 'addOwnerWithThreshold', [a7.address, 2n]),
      signers: [a0],
    })
  }
  await exec('swapOwner #6 for #8', {
    safe: legacyL2,
    tx: selfCall(legacyL2, 'swapOwner', [a0.address, a6.address, a8.address]),
    signers: [a0, a7],
  })
  await exec('removeOwner #6, threshold 2', {
    safe: mainnet,
    tx: selfCall(mainnet, 'removeOwner', [a0.address, a6.address, 2n]),
    signers: [a0, a7],
  })
  await exec('transfer 250 cUSD to #3', {
    safe: legacyL2,
    tx: { to: assets.usd, data: transferData(a3.address, 250n * 10n ** 6n) },
    signers: [a0, a8],
  })
  await exec('transfer 25 CGT to #3', {
    safe: mainnet,
    tx: { to: assets.gov, data: transferData(a3.address, 25n * 10n ** 18n) },
    signers: [a7, a0],
  })
  // 1 ETH and a token to #3 in one MultiSend (v1.3.0's, by DELEGATECALL)
  const ethAndTokenToA3 = (
    description: string,
    safe: Address,
    token: Address,
    amount: bigint,
    signers: HDAccount[],
  ) =>
    exec(description, {
      safe,
      tx: {
        to: safeV130.multiSend,
        operation: 1,
        data: encodeMultiSend([
          { to: a3.address, value: parseEther('1') },
          { to: token, data: transferData(a3.address, amount) },
        ]),
      },
      signers,
    })
  await ethAndTokenToA3('multiSend: 1 ETH and 10 CGT to #3', legacyL2, assets.gov, 10n * 10n ** 18n, [a7, a8])
  await ethAndTokenToA3('multiSend: 1 ETH and 100 cUSD to #3', mainnet, assets.usd, 100n * 10n ** 6n, [
    a0,
    a7,
  ])
  for (const safe of [legacyL2, mainnet]) {
    await exec('send 0.5 ETH to #3, through the relayer', {
      safe,
      tx: { to: a3.address, value: parseEther('0.5') },
      signers: [a0, a7],
      via: relayer,
    })
  }

  const { safe: allowances, ...spendingLimit } = await seedSpendingLimitDemo(client, assets)
  executed.push(...allowances.executions.map((e) => e.hash))

  const { safe: recoverySafe, ...recovery } = await seedRecoveryDemo(client)
  executed.push(...recoverySafe.executions.map((e) => e.hash))

  const demoSafe = (address: Address) => safes.get(address) as DemoSafe
  return withDemoNames({
    safes: {
      treasury: demoSafe(treasury),
      solo: demoSafe(solo),
      legacyL2: demoSafe(legacyL2),
      mainnet: demoSafe(mainnet),
      recovery: recoverySafe,
      allowances,
    },
    spendingLimit,
    recovery,
    recipient: a3.address,
    collectibles: { treasury: [1n, 2n, 3n], solo: [4n, 5n] },
    relayer,
    executed,
  })
}
