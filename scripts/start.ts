// `npm start`: runs Concord and prints the URL to open.
//   default                  embedded devnet + demo scenario + gateway + web, one origin; the chain and the data
//                            are kept in CONCORD_DATA_DIR (.data) across restarts, `npm start -- --fresh` starts over
//   CONCORD_RPC_URL=…        no devnet: the gateway follows that chain instead (data kept in .data/)
//   CONCORD_PUBLIC_RPC_URL=… with it: the RPC URL browsers may use (the private one is never published)
//   CONCORD_GATEWAY_URL=…    web app only, talking to that gateway (e.g. the public Safe client gateway)
// PORT (3000), HOST (127.0.0.1), DEVNET_PORT (8545; the second devnet chain on the next port), WALLETCONNECT_PROJECT_ID,
// DATABASE_URL as for the gateway; CONCORD_DEVNET_SECOND_CHAIN=off runs the first devnet chain only.

import { configSchema, createGateway, createWebRoutes } from '@concord/gateway'
import { serve } from '@hono/node-server'
import { Hono } from 'hono'
import { createPublicClient, http } from 'viem'
import { ensureWebBuild, webDistDir } from './buildWeb.ts'
import { startStack } from './stack.ts'
import { startupPhases } from './startupPhases.ts'

// From the process's start (performance.now() counts from it), so the time to load the code counts too.
const phases = startupPhases()
const env = process.env
const port = Number(env.PORT ?? 3000)
const host = env.HOST ?? '127.0.0.1'
const walletConnectProjectId = env.WALLETCONNECT_PROJECT_ID || undefined
const stops: (() => Promise<void>)[] = []
let url: string

if (env.CONCORD_GATEWAY_URL) {
  ensureWebBuild()
  const app = new Hono().route(
    '/',
    createWebRoutes(webDistDir, {
      gatewayUrl: env.CONCORD_GATEWAY_URL,
      walletConnectProjectId: walletConnectProjectId ?? null,
      devnetChainId: null,
    }),
  )
  url = await new Promise<string>((resolve) => {
    const server = serve({ fetch: app.fetch, port, hostname: host }, (info) =>
      resolve(`http://${host}:${info.port}`),
    )
    stops.push(() => new Promise((r) => server.close(() => r())))
  })
  console.log(`Web app using the gateway at ${env.CONCORD_GATEWAY_URL}`)
} else if (env.CONCORD_RPC_URL) {
  await phases.time('web build check', () => ensureWebBuild())
  const rpcUrl = env.CONCORD_RPC_URL
  const chainId = await phases.time('chain id', () =>
    createPublicClient({ transport: http(rpcUrl) }).getChainId(),
  )
  const gateway = await phases.time('gateway', () =>
    createGateway(
      configSchema.parse({
        port,
        host,
        databaseUrl: env.DATABASE_URL,
        dataDir: env.CONCORD_DATA_DIR,
        webDir: webDistDir,
        walletConnectProjectId,
        // The RPC URL often carries a key: browsers get CONCORD_PUBLIC_RPC_URL, or use their wallet's node.
        chains: [{ chainId, name: `Chain ${chainId}`, rpcUrl, publicRpcUrl: env.CONCORD_PUBLIC_RPC_URL }],
      }),
    ),
  )
  url = await phases.time('listen', () => gateway.listen())
  stops.push(() => gateway.stop())
  console.log(`Following chain ${chainId} at ${new URL(rpcUrl).host}`)
} else {
  const dataDir = env.CONCORD_DATA_DIR || '.data'
  const stack = await startStack({
    port,
    host,
    devnetPort: Number(env.DEVNET_PORT ?? 8545),
    databaseUrl: env.DATABASE_URL,
    dataDir,
    fresh: process.argv.includes('--fresh'),
    trustProxy: env.CONCORD_TRUST_PROXY === 'true',
    walletConnectProjectId,
    phases,
    secondChain: env.CONCORD_DEVNET_SECOND_CHAIN !== 'off',
  })
  url = stack.url
  stops.push(() => stack.stop())
  console.log(`Devnet (chain ${stack.devnet.chainId}) at ${stack.rpcUrl}`)
  if (stack.secondDevnet)
    console.log(`Second devnet (chain ${stack.secondDevnet.chainId}) at ${stack.secondDevnet.rpcUrl}`)
  console.log(
    stack.devnet.restored
      ? `  chain and data kept in ${dataDir}/ since an earlier start (npm start -- --fresh starts over)`
      : `  chain and data are kept in ${dataDir}/ across restarts (npm start -- --fresh starts over)`,
  )
  for (const [name, safe] of Object.entries(stack.devnet.scenario?.safes ?? {}))
    console.log(`  demo Safe "${name}": ${safe.address} (${safe.threshold} of ${safe.owners.length})`)
}

console.log(`\nConcord is ready in ${(performance.now() / 1000).toFixed(1)} s. Open ${url}\n`)
console.log(`Start-up: ${phases.summary()}`)

let stopping = false
const stop = async () => {
  if (stopping) return
  stopping = true
  for (const s of stops.reverse()) await s().catch(() => {})
  process.exit(0)
}
process.on('SIGINT', stop)
process.on('SIGTERM', stop)
