// `npm run bench:indexer [transactions]`: backfill speed of the indexer.
// Builds a devnet history of N executed Safe transactions (default 10,000) on one Safe, then times a full
// index of the chain from block 0 into a fresh in-memory PGlite and prints events per second.

import { execSafeTx, startDevnet, testAccount } from '@concord/devnet'
import { type ConfigInput, configSchema, createGateway } from '@concord/gateway'

const count = Number(process.argv.slice(2).find((a) => /^\d+$/.test(a)) ?? 10_000)
const devnet = await startDevnet({ port: 0 })
const safe = devnet.scenario!.safes.solo.address
const owner = testAccount(0)

let t = performance.now()
for (let i = 0; i < count; i++)
  await execSafeTx(devnet.client, {
    safe,
    tx: { to: testAccount(5).address, value: 1n },
    signers: [owner],
    executor: owner.address,
  })
console.log(`built ${count} Safe transactions in ${((performance.now() - t) / 1000).toFixed(1)} s`)

const config: ConfigInput = {
  port: 0,
  databaseUrl: process.env.DATABASE_URL ?? 'pglite:memory',
  indexer: false,
  chains: [{ chainId: devnet.chainId, name: 'Devnet', rpcUrl: devnet.rpcUrl }],
}
const gateway = await createGateway(configSchema.parse(config))
// `--profile`: CPU profile of the indexing phase only, written to indexer.cpuprofile.
const profile = process.argv.includes('--profile') ? await startProfile() : undefined
t = performance.now()
const { head } = await gateway.indexers.get(devnet.chainId)!.sync()
const seconds = (performance.now() - t) / 1000
await profile?.()
const info: any = await (await gateway.app.request(`/v1/chains/${devnet.chainId}/safes/${safe}`)).json()
// Each execution emits SafeMultiSigTransaction + ExecutionSuccess.
const events = count * 2
console.log(
  `indexed ${head + 1} blocks, ${events} Safe events in ${seconds.toFixed(2)} s: ${Math.round(events / seconds)} events/s`,
)
console.log(`Safe nonce after index: ${info.nonce} (expected ${count + 1})`)
await gateway.stop()
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
