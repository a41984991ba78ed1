// `npm run bench:indexer [transactions] [--profile]`: backfill speed of the indexer.
// A child process (benchDevnet.child.ts) runs the devnet and builds a history of N executed Safe transactions
// (default 10,000; try 100000) on one Safe; this process times a full index of the chain from block 0 into a
// fresh in-memory PGlite (or DATABASE_URL) and prints events per second, then the speed of a plain pass over
// the same range (eth_getLogs + decoding each log, nothing stored) and the ratio.

import type { RpcLog } from 'viem'
import {
  decodeSafeEvent,
  decodeSafeEventByViem,
  type RawLog,
  SAFE_TOPICS,
  toRawLog,
} from '../apps/gateway/src/indexer/events.ts'
import { startBenchGateway } from './bench/benchGateway.ts'
import { startBenchDevnet } from './benchDevnet.ts'

const count = Number(process.argv.slice(2).find((a) => /^\d+$/.test(a)) ?? 10_000)
const devnet = await startBenchDevnet(count)
console.log(`built ${count} Safe transactions in ${devnet.seconds.toFixed(1)} s (devnet in its own process)`)

const gateway = await startBenchGateway(devnet)
// `--profile`: CPU profile of the indexing phase only, written to indexer.cpuprofile.
const profile = process.argv.includes('--profile') ? await startProfile() : undefined
const t = performance.now()
const cpu = process.cpuUsage()
const { head } = await gateway.indexers.get(devnet.chainId)!.sync()
const seconds = (performance.now() - t) / 1000
// CPU time of this process (the devnet has its own): on a shared machine a steadier figure than the wall time.
const { user, system } = process.cpuUsage(cpu)
await profile?.()
const info: any = await (
  await gateway.app.request(`/v1/chains/${devnet.chainId}/safes/${devnet.safe}`)
).json()
// Each execution emits SafeMultiSigTransaction + ExecutionSuccess.
const events = count * 2
const rate = events / seconds
console.log(
  `indexed ${head + 1} blocks, ${events} Safe events in ${seconds.toFixed(2)} s: ${Math.round(rate)} events/s ` +
    `(CPU ${((user + system) / 1e6).toFixed(2)} s)`,
)
console.log(`Safe nonce after index: ${info.nonce} (expected ${devnet.nonce})`)
await gateway.stop()

// The floor: fetch and decode the same range with nothing else stored or asked, in windows of 250 blocks
// (5,000 executions: answers of a few MB; plain fetch, as viem refuses answers over 10 MB). It decodes with viem's
// decodeEventLog, as a plain consumer of the logs would; the indexer reads canonical logs in place
// (layoutReader.ts), so the same pass with that decoding is printed beside it.
async function plainPass(decode: (log: RawLog) => unknown) {
  const t = performance.now()
  let decoded = 0
  for (let from = 0; from <= head; from += 250) {
    const res = await fetch(devnet.rpcUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        jsonrpc: '2.0',
        id: 1,
        method: 'eth_getLogs',
        params: [
          {
            fromBlock: `0x${from.toString(16)}`,
            toBlock: `0x${Math.min(from + 249, head).toString(16)}`,
            topics: [SAFE_TOPICS],
          },
        ],
      }),
    })
    const { result } = (await res.json()) as { result: RpcLog[] }
    for (const log of result) if (decode(toRawLog(log))) decoded++
  }
  const seconds = (performance.now() - t) / 1000
  return { decoded, seconds, rate: decoded / seconds }
}
const plain = await plainPass(decodeSafeEventByViem)
console.log(
  `plain eth_getLogs + decode (viem) of the same range: ${plain.decoded} logs in ${plain.seconds.toFixed(2)} s: ` +
    `${Math.round(plain.rate)} events/s; indexer/plain ratio ${(rate / plain.rate).toFixed(2)}`,
)
const own = await plainPass(decodeSafeEvent)
console.log(
  `  the same with the indexer's decoding: ${own.seconds.toFixed(2)} s: ${Math.round(own.rate)} events/s; ` +
    `indexer/plain ratio ${(rate / own.rate).toFixed(2)}`,
)
await devnet.stop()

async function startProfile() {
  const { Session } = await import('node:inspector/promises')
  const { writeFile } = await import('node:fs/promises')
  const session = new Session()
  session.connect()
  await session.post('Profiler.enable')
  await session.post('Profiler.start')
  return async () => {
    const { profile } = await session.post('Profiler.stop')
    await writeFile('indexer.cpuprofile', JSON.stringify(profile))
    console.log('CPU profile of the indexing phase: indexer.cpuprofile')
  }
}
