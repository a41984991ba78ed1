// `npm start -w @concord/gateway`: the gateway alone, configured from the environment (docs/configuration.md).

import { ConfigError, loadConfig } from './config/config.ts'
import { createGateway } from './createGateway.ts'
import { log } from './log/logger.ts'

let config: ReturnType<typeof loadConfig>
try {
  config = loadConfig(process.env)
} catch (error) {
  if (!(error instanceof ConfigError)) throw error
  log.fatal({ module: 'config' }, `Invalid configuration:\n${error.message}`)
  process.exit(1)
}
const gateway = await createGateway(config)
if (!config.chains.length) log.warn('No chains configured (set CONCORD_CHAINS or CONCORD_CONFIG)')
// The start banner: plain text on purpose, the one line a person starting the gateway looks for.
console.log(`Concord gateway on ${await gateway.listen()}`)
const stop = async () => {
  await gateway.stop()
  process.exit(0)
}
process.on('SIGINT', stop)
process.on('SIGTERM', stop)
