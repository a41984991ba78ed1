// `npm run devnet`: the embedded devnet on its own. PORT (default 8545) and HOST (default 127.0.0.1).
import { startDevnet } from './startDevnet.ts'

const started = Date.now()
const devnet = await startDevnet({ port: Number(process.env.PORT ?? 8545), host: process.env.HOST })
console.log(
  `devnet (${devnet.engine}) ready in ${Date.now() - started} ms: ${devnet.rpcUrl} (chain ${devnet.chainId})`,
)
if (devnet.scenario) {
  for (const [name, safe] of Object.entries(devnet.scenario.safes))
    console.log(
      `  ${name}: ${safe.address} (v${safe.version}${safe.l2 ? ' L2' : ''}, ${safe.threshold} of ${safe.owners.length})`,
    )
}
const stop = async () => {
  await devnet.stop()
  process.exit(0)
}
process.on('SIGINT', stop)
process.on('SIGTERM', stop)
