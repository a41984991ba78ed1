// Child process of crash.devnet.test.ts: one gateway indexing one chain into one database until the head,
// in small windows, printing `cursor <block>` after every commit it sees and `done <head>` at the end.
// Input (environment): CRASH_CHAIN (chain config JSON), CRASH_DATABASE_URL (PostgreSQL) or CRASH_DATA_DIR
// (on-disk PGlite), CRASH_WINDOW (blocks per getLogs window).
import { configSchema } from '../config/config.ts'
import { createGateway } from '../createGateway.ts'

const env = process.env
const chain = JSON.parse(env.CRASH_CHAIN ?? 'null')
if (!chain) throw new Error('CRASH_CHAIN is not set')
const window = Number(env.CRASH_WINDOW ?? 10)

const gateway = await createGateway(
  configSchema.parse({
    port: 0,
    databaseUrl: env.CRASH_DATABASE_URL || undefined,
    dataDir: env.CRASH_DATA_DIR,
    indexer: false,
    chains: [chain],
  }),
  { initialWindow: window, maxWindow: window },
)
const indexer = gateway.indexers.get(chain.chainId)
if (!indexer) throw new Error(`no indexer for chain ${chain.chainId}`)

// status().blockNumber moves right after each window's commit.
let last: number | undefined
const report = () => {
  const block = indexer.status().blockNumber
  if (block !== undefined && block !== last) process.stdout.write(`cursor ${block}\n`)
  last = block
}
const timer = setInterval(report, 1)
process.stdout.write('started\n')
const { head } = await indexer.sync()
clearInterval(timer)
report()
await gateway.stop()
process.stdout.write(`done ${head}\n`)
