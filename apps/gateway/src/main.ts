// `npm start -w @concord/gateway`: the gateway alone, configured from the environment (docs/configuration.md).
import { ConfigError, loadConfig } from './config/config.ts'
import { createGateway } from './createGateway.ts'

let config: ReturnType<typeof loadConfig>
try {
  config = loadConfig(process.env)
} catch (error) {
  if (!(error instanceof ConfigError)) throw error
  console.error(`Invalid configuration:\n${error.message}`)
  process.exit(1)
}
if (!config.chains.length) console.warn('No chains configured (set CONCORD_CHAINS or CONCORD_CONFIG)')

const gateway = await createGateway(config)
console.log(`Concord gateway on ${await gateway.listen()}`)
const stop = async () => {
  await gateway.stop()
  process.exit(0)
}
process.on('SIGINT', stop)
process.on('SIGTERM', stop)
