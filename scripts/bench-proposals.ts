// `npm run bench:proposals [count]`: latency of the write routes with their signature checks, and of the queue.
// On the devnet's 2-of-3 treasury: `count` proposals (default and most 150: the gateway queues at most 100
// nonces ahead of the Safe's), each signed by owner #0, then confirmed by
// owner #1, over real HTTP to an in-memory PGlite gateway (or DATABASE_URL); then the queue route with 100
// queued transactions in conflicts (50 nonces × 2). Prints p50/p99. Everything stays on 127.0.0.1.
import { startDevnet, testAccount } from '@concord/devnet'
import { erc20Abi, safeAbi } from '@concord/safe/contracts'
import * as SafeTx from '@concord/safe/SafeTx'
import { type Address, encodeFunctionData, zeroAddress } from 'viem'
import { startBenchGateway } from './bench/benchGateway.ts'

const count = Math.min(Number(process.argv[2] ?? 150), 150)
const devnet = await startDevnet({ port: 0 })
const safe = devnet.scenario!.safes.treasury.address
const [owner0, owner1] = [testAccount(0), testAccount(1)]
// One client sends every request: no per-client budget here.
const gateway = await startBenchGateway(devnet, {
  clientLimits: { writes: { capacity: 1e9, refillPerSecond: 1e9 } },
})
await gateway.indexers.get(devnet.chainId)!.sync()
const base = `${await gateway.listen()}/v1/chains/${devnet.chainId}`
const nonce = Number(await devnet.client.readContract({ address: safe, abi: safeAbi, functionName: 'nonce' }))

const post = async (path: string, body: unknown) => {
  const started = performance.now()
  const res = await fetch(`${base}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  })
  await res.arrayBuffer()
  if (res.status !== 200) throw new Error(`${path}: ${res.status}`)
  return performance.now() - started
}
const percentile = (values: number[], p: number) =>
  [...values].sort((a, b) => a - b)[
    Math.min(values.length - 1, Math.floor((values.length * p) / 100))
  ] as number
const report = (name: string, values: number[]) =>
  console.log(
    `${name}: p50 ${percentile(values, 50).toFixed(1)} ms, p99 ${percentile(values, 99).toFixed(1)} ms (${values.length} requests)`,
  )

const proposeLatency: number[] = []
const confirmLatency: number[] = []
for (let i = 0; i < count; i++) {
  // 100 of them sit at 50 nonces, two each (conflicts); the rest further up the queue.
  const n = nonce + (i < 100 ? Math.floor(i / 2) : 50 + i - 100)
  const tx = SafeTx.from({
    to: devnet.assets!.usd,
    data: encodeFunctionData({
      abi: erc20Abi,
      functionName: 'transfer',
      args: [owner1.address as Address, BigInt(i + 1)],
    }),
    nonce: BigInt(n),
  })
  const safeTxHash = SafeTx.hash(tx, { chainId: devnet.chainId, address: safe })
  proposeLatency.push(
    await post(`/transactions/${safe}/propose`, {
      ...Object.fromEntries(Object.entries(tx).map(([k, v]) => [k, typeof v === 'bigint' ? String(v) : v])),
      refundReceiver: zeroAddress,
      safeTxHash,
      sender: owner0.address,
      signature: await owner0.sign({ hash: safeTxHash }),
    }),
  )
  confirmLatency.push(
    await post(`/transactions/${safeTxHash}/confirmations`, {
      signedSafeTxHash: await owner1.sign({ hash: safeTxHash }),
    }),
  )
}
report('propose (hash, on-chain owners and nonce, signature checks, store)', proposeLatency)
report('confirm (signature checks, store)', confirmLatency)

const queueLatency: number[] = []
for (let i = 0; i < 200; i++) {
  const started = performance.now()
  const res = await fetch(
    `${base}/safes/${safe}/transactions/queued?cursor=${encodeURIComponent('limit=100&offset=0')}`,
  )
  const page = (await res.json()) as { results: { type: string }[] }
  if (page.results.filter((r) => r.type === 'CONFLICT_HEADER').length !== 50)
    throw new Error('expected 50 conflicts')
  queueLatency.push(performance.now() - started)
}
report('queue page of 100 transactions in 50 conflicts', queueLatency)
await gateway.stop()
await devnet.stop()
process.exit(0)
