// Child process of the indexer and API benchmarks: the devnet and the history they index live here, in a
// process of their own (as a real node would be), so the benchmark's process only indexes and serves.
// Builds BENCH_COUNT executed Safe transactions (20 per block) on the demo's solo Safe, prints one JSON line
// `{ rpcUrl, chainId, safe, seconds }` and keeps the devnet up until stdin closes or SIGTERM.
import { startDevnet, testAccount } from '@concord/devnet'
import { safeAbi } from '@concord/safe/contracts'
import * as SafeTx from '@concord/safe/SafeTx'
import { encodeFunctionData, type Hex } from 'viem'

const count = Number(process.env.BENCH_COUNT ?? 10_000)
const devnet = await startDevnet({ port: 0 })
const stop = async () => {
  await devnet.stop()
  process.exit(0)
}
process.on('SIGTERM', () => void stop())
process.stdin.on('end', () => void stop())
process.stdin.resume()

const { client } = devnet
const safe = devnet.scenario!.safes.solo.address
const owner = testAccount(0)
const started = performance.now()
const first = await client.readContract({ address: safe, abi: safeAbi, functionName: 'nonce' })
let accountNonce = await client.getTransactionCount({ address: owner.address, blockTag: 'pending' })
// Mined PER_BLOCK to a block: each block's executions are sent at once with mining paused, checked to be all
// in the pool, then mined together (sent one at a time, each mined on arrival, 100,000 take minutes; sent at
// once with automining, anvil can leave some queued behind a nonce it got later).
const PER_BLOCK = 20
await client.request({ method: 'evm_setAutomine', params: [false] } as never)
let last: Hex | undefined
for (let i = 0; i < count; i += PER_BLOCK) {
  const sends: Promise<Hex>[] = []
  for (let j = i; j < Math.min(i + PER_BLOCK, count); j++) {
    const tx = SafeTx.from({ to: testAccount(5).address, value: 1n, nonce: first + BigInt(j) })
    const safeTxHash = SafeTx.hash(tx, { chainId: client.chain.id, address: safe })
    const signatures = SafeTx.joinSignatures([
      { signer: owner.address, data: await owner.sign({ hash: safeTxHash }) },
    ])
    const data = encodeFunctionData({
      abi: safeAbi,
      functionName: 'execTransaction',
      args: SafeTx.execTransactionArgs(tx, signatures),
    })
    const nonce = `0x${(accountNonce++).toString(16)}`
    sends.push(
      client.request({
        method: 'eth_sendTransaction',
        params: [{ from: owner.address, to: safe, data, gas: '0x30d40', nonce }],
      } as never) as Promise<Hex>,
    )
  }
  last = (await Promise.all(sends)).at(-1)
  const pool = (await client.request({ method: 'txpool_status' } as never)) as { pending: Hex; queued: Hex }
  if (Number(pool.pending) !== sends.length || Number(pool.queued))
    throw new Error(
      `txpool holds ${Number(pool.pending)} pending, ${Number(pool.queued)} queued; sent ${sends.length}`,
    )
  await client.request({ method: 'evm_mine' } as never)
  if ((i + PER_BLOCK) % 10_000 === 0)
    process.stderr.write(`benchDevnet: ${i + PER_BLOCK} of ${count} mined\n`)
}
await client.request({ method: 'evm_setAutomine', params: [true] } as never)
if (last) await client.waitForTransactionReceipt({ hash: last })
const nonce = await client.readContract({ address: safe, abi: safeAbi, functionName: 'nonce' })
if (nonce !== first + BigInt(count))
  throw new Error(`built ${nonce - first} Safe transactions, expected ${count} (one reverted?)`)
const seconds = (performance.now() - started) / 1000
process.stdout.write(
  `${JSON.stringify({ rpcUrl: devnet.rpcUrl, chainId: devnet.chainId, safe, nonce: Number(nonce), seconds })}\n`,
)
