// Child process of bench:real-chain: a busy chain on the devnet, in a process of its own (as a real node would
// be). BUSY_SAFES foreign Safes and BUSY_TRANSFERS token transfers (a fifth of them to foreign Safes) spread over
// ~1,600 blocks (anvil slows down as its chain grows: 10,000 empty blocks more take minutes, so the benchmark
// scales the provider's block-range cap down by the factor instead), and in the middle the team's Safe (v1.3.0 L2, or
// plain v1.3.0 as on Ethereum with BUSY_TEAM_L2=0; 1-of-1): 300 executed transactions and 50 incoming token transfers. Prints one JSON line `{ rpcUrl, chainId, team, executed, incoming, foreign, head,
// seconds }` and keeps the devnet up until stdin closes or SIGTERM.
import { createSafeWithHash, startDevnet, testAccount } from '@concord/devnet'
import { safeAbi, safeProxyFactoryAbi, safeV141 } from '@concord/safe/contracts'
import * as SafeTx from '@concord/safe/SafeTx'
import { type Address, encodeFunctionData, erc20Abi, type Hex, parseEther, zeroAddress } from 'viem'

const FOREIGN = Number(process.env.BUSY_SAFES ?? 1_000)
const TRANSFERS = Number(process.env.BUSY_TRANSFERS ?? 20_000)
const ROUNDS = 30
const GAP = 50
const TEAM_TXS = 300
const TEAM_INCOMING = 50
const TEAM_L2 = process.env.BUSY_TEAM_L2 !== '0'

const devnet = await startDevnet({ port: 0 })
const stop = async () => {
  await devnet.stop()
  process.exit(0)
}
process.on('SIGTERM', () => void stop())
process.stdin.on('end', () => void stop())
process.stdin.resume()

const { client } = devnet
const started = performance.now()
const usd = devnet.assets?.usd as Address
const [holder, creator, owner] = [testAccount(0), testAccount(1), testAccount(0)]
const nonces = new Map<Address, number>()
const nextNonce = async (from: Address) => {
  const n = nonces.get(from) ?? (await client.getTransactionCount({ address: from, blockTag: 'pending' }))
  nonces.set(from, n + 1)
  return `0x${n.toString(16)}`
}
const randomAddress = (i: number): Address => `0x${(0xb0b0_0000 + i).toString(16).padStart(40, '0')}`
const send = async (from: Address, to: Address, data: Hex) =>
  (await client.request({
    method: 'eth_sendTransaction',
    params: [{ from, to, data, gas: '0x7a120', nonce: await nextNonce(from) }],
  } as never)) as Hex

/** Sends a block's transactions with mining paused, checks they are all in the pool, then mines them. */
async function mineBlock(sends: (() => Promise<Hex>)[]) {
  await client.request({ method: 'evm_setAutomine', params: [false] } as never)
  const hashes = []
  for (const s of sends) hashes.push(await s())
  const pool = (await client.request({ method: 'txpool_status' } as never)) as { pending: Hex; queued: Hex }
  if (Number(pool.pending) !== sends.length || Number(pool.queued))
    throw new Error(
      `txpool holds ${Number(pool.pending)} pending, ${Number(pool.queued)} queued; sent ${sends.length}`,
    )
  await client.request({ method: 'evm_mine' } as never)
  await client.request({ method: 'evm_setAutomine', params: [true] } as never)
  return hashes
}

const foreignSafes: Address[] = []
const createForeign = (i: number) => async () => {
  const initializer = encodeFunctionData({
    abi: safeAbi,
    functionName: 'setup',
    args: [[randomAddress(1_000_000 + i)], 1n, zeroAddress, '0x', zeroAddress, zeroAddress, 0n, zeroAddress],
  })
  return send(
    creator.address,
    safeV141.safeProxyFactory,
    encodeFunctionData({
      abi: safeProxyFactoryAbi,
      functionName: 'createProxyWithNonce',
      args: [safeV141.safeL2, initializer, BigInt(i)],
    }),
  )
}
const transfer = (to: Address) => () =>
  send(
    holder.address,
    usd,
    encodeFunctionData({ abi: erc20Abi, functionName: 'transfer', args: [to, 1_000n] }),
  )

let team: Address | undefined
let teamNonce = 0n
const teamTx = () => async () => {
  const tx = SafeTx.from({ to: testAccount(5).address, value: 1n, nonce: teamNonce++ })
  const safeTxHash = SafeTx.hash(tx, { chainId: client.chain.id, address: team as Address })
  const signatures = SafeTx.joinSignatures([
    { signer: owner.address, data: await owner.sign({ hash: safeTxHash }) },
  ])
  return send(
    owner.address,
    team as Address,
    encodeFunctionData({
      abi: safeAbi,
      functionName: 'execTransaction',
      args: SafeTx.execTransactionArgs(tx, signatures),
    }),
  )
}

let created = 0
let sent = 0
let teamSent = 0
let teamIncoming = 0
for (let round = 0; round < ROUNDS; round++) {
  await client.request({ method: 'anvil_mine', params: [`0x${GAP.toString(16)}`] } as never)
  if (round === ROUNDS / 2) {
    const made = await createSafeWithHash(client, {
      owners: [owner.address],
      threshold: 1,
      saltNonce: 424242n,
      sender: owner.address,
      version: '1.3.0',
      l2: TEAM_L2,
    })
    team = made.address
    nonces.delete(owner.address)
    await client.waitForTransactionReceipt({
      hash: await client.sendTransaction({ account: holder.address, to: team, value: parseEther('1') }),
    })
    nonces.delete(holder.address)
  }
  // This round's share of the foreign Safes and transfers, 100 transactions a block.
  const work: (() => Promise<Hex>)[] = []
  const safesNow = Math.round(((round + 1) * FOREIGN) / ROUNDS) - created
  for (let i = 0; i < safesNow; i++) work.push(createForeign(created++))
  const transfersNow = Math.round(((round + 1) * TRANSFERS) / ROUNDS) - sent
  for (let i = 0; i < transfersNow; i++, sent++)
    work.push(
      transfer(
        sent % 5 === 0 && foreignSafes.length
          ? (foreignSafes[sent % foreignSafes.length] as Address)
          : randomAddress(sent),
      ),
    )
  if (team && round >= ROUNDS / 2) {
    // Its share of the team's executions and incoming transfers, so that the last round reaches both counts.
    const done = (round + 1 - ROUNDS / 2) / (ROUNDS / 2)
    for (; teamSent < Math.round(done * TEAM_TXS); teamSent++) work.push(teamTx())
    for (; teamIncoming < Math.round(done * TEAM_INCOMING); teamIncoming++) work.push(transfer(team))
  }
  for (let i = 0; i < work.length; i += 100) await mineBlock(work.slice(i, i + 100))
  // The foreign Safes created so far (the factory's ProxyCreation indexes the proxy).
  if (safesNow) {
    const logs = await client.getLogs({
      address: safeV141.safeProxyFactory,
      fromBlock: (await client.getBlockNumber()) - BigInt(Math.ceil(work.length / 100)),
    })
    for (const log of logs) if (log.topics[1]) foreignSafes.push(`0x${log.topics[1].slice(26)}` as Address)
  }
}
const nonce = await client.readContract({ address: team as Address, abi: safeAbi, functionName: 'nonce' })
if (nonce !== BigInt(TEAM_TXS))
  throw new Error(`the team Safe executed ${nonce} transactions, expected ${TEAM_TXS}`)
const head = Number(await client.getBlockNumber())
process.stdout.write(
  `${JSON.stringify({
    rpcUrl: devnet.rpcUrl,
    chainId: devnet.chainId,
    team,
    executed: TEAM_TXS,
    incoming: TEAM_INCOMING,
    foreign: created,
    transfers: sent,
    head,
    seconds: (performance.now() - started) / 1000,
  })}\n`,
)
