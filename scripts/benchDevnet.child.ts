// Child process of the indexer and API benchmarks: the devnet and the history they index live here, in a
// process of their own (as a real node would be), so the benchmark's process only indexes and serves.
// Builds BENCH_COUNT executed Safe transactions (one per block) on the demo's solo Safe, prints one JSON line
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
// Pipelined: the SafeTx hashes and signatures are known up front, so up to 200 executions are in flight at
// once (each still mined in a block of its own by the automining node).
const CHUNK = 200
let last: Hex | undefined
for (let i = 0; i < count; i += CHUNK) {
  const sends: Promise<Hex>[] = []
  for (let j = i; j < Math.min(i + CHUNK, count); j++) {
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
    sends.push(
      client.request({
        method: 'eth_sendTransaction',
        params: [
          {
            from: owner.address,
            to: safe,
            data,
            gas: '0x30d40',
            nonce: `0x${(accountNonce++).toString(16)}`,
          },
        ],
      }) as Promise<Hex>,
    )
  }
  last = (await Promise.all(sends)).at(-1)
}
if (last) await client.waitForTransactionReceipt({ hash: last })
const nonce = await client.readContract({ address: safe, abi: safeAbi, functionName: 'nonce' })
if (nonce !== first + BigInt(count))
  throw new Error(`built ${nonce - first} Safe transactions, expected ${count} (one reverted?)`)
const seconds = (performance.now() - started) / 1000
process.stdout.write(
  `${JSON.stringify({ rpcUrl: devnet.rpcUrl, chainId: devnet.chainId, safe, nonce: Number(nonce), seconds })}\n`,
)
