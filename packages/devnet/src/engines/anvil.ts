// Anvil (Foundry's node) as a child process: HTTP and WebSocket JSON-RPC on one port, call traces
// (debug_traceTransaction with the callTracer, trace_*), and a small footprint. Several can run at once.
import { type ChildProcess, spawn } from 'node:child_process'
import { once } from 'node:events'
import { accessSync, constants, statSync } from 'node:fs'
import { createRequire } from 'node:module'
import { createServer } from 'node:net'
import { delimiter, dirname, join } from 'node:path'
import { http } from 'viem'
import { TEST_MNEMONIC } from '../accounts.ts'
import { createDevnetClient, type DevnetNode, devnetChain } from '../client.ts'

const require = createRequire(import.meta.url)
const ANVIL_PACKAGE = '@foundry-rs/anvil-linux-amd64'
const READY_TIMEOUT_MS = 15_000

/**
 * The anvil binary to run: `$CONCORD_ANVIL`, else the npm package's (an optional dependency, installed on
 * linux x64 only), else `anvil` on PATH. Undefined when there is none.
 */
export function findAnvil(): string | undefined {
  const fromEnv = process.env.CONCORD_ANVIL
  if (fromEnv) {
    if (!isExecutableFile(fromEnv)) throw new Error(`CONCORD_ANVIL=${fromEnv} is not an executable file`)
    return fromEnv
  }
  try {
    const bin = join(dirname(require.resolve(`${ANVIL_PACKAGE}/package.json`)), 'bin', 'anvil')
    if (isExecutableFile(bin)) return bin
  } catch {
    // Not installed on this platform.
  }
  const name = process.platform === 'win32' ? 'anvil.exe' : 'anvil'
  for (const dir of (process.env.PATH ?? '').split(delimiter)) {
    if (dir && isExecutableFile(join(dir, name))) return join(dir, name)
  }
  return undefined
}

export type StartAnvilOptions = {
  binary: string
  host: string
  /** 0 picks a free port. */
  port: number
  /** Keep the chain in this file: loaded at start when it exists, saved every few seconds and at stop. */
  statePath?: string
  /** Default: the devnet's (31337). */
  chainId?: number
}

export async function startAnvil(options: StartAnvilOptions): Promise<DevnetNode> {
  // Anvil reports no port when it runs silently: for port 0 pick a free one here, and try another if some
  // other process takes it first.
  for (let attempt = 1; ; attempt++) {
    const port = options.port || (await freePort(options.host))
    try {
      return await launch(options.binary, options.host, port, options.statePath, options.chainId)
    } catch (error) {
      if (options.port || attempt === 3 || !(error instanceof AnvilExitedError)) throw error
    }
  }
}

class AnvilExitedError extends Error {
  override name = 'AnvilExitedError'
}

/** Seconds between saves of a kept chain (a SIGKILL loses at most this much; a stop saves everything). */
const STATE_INTERVAL_S = 5

async function launch(
  binary: string,
  host: string,
  port: number,
  statePath?: string,
  chainId: number = devnetChain.id,
): Promise<DevnetNode> {
  // Same chain as the Hardhat fallback (hardhat.config.cjs): chain id, accounts, hardfork, automine.
  const args = [
    '--chain-id',
    String(chainId),
    '--mnemonic',
    TEST_MNEMONIC,
    '--accounts',
    '20',
    '--hardfork',
    'cancun',
    '--host',
    host,
    '--port',
    String(port),
    '--silent',
    ...(statePath ? ['--state', statePath, '--state-interval', String(STATE_INTERVAL_S)] : []),
  ]
  const child = spawnOrphanProof(binary, args)
  let stderr = ''
  child.stderr?.setEncoding('utf8').on('data', (chunk: string) => {
    stderr = (stderr + chunk).slice(-4000)
  })
  // Never leave anvil behind: killed by PID when this process exits, whatever stop() saw.
  const killOnExit = () => child.kill('SIGKILL')
  process.on('exit', killOnExit)
  const stop = async () => {
    process.off('exit', killOnExit)
    if (child.exitCode !== null || child.signalCode !== null) return
    const exited = once(child, 'exit')
    child.kill('SIGTERM')
    const timer = setTimeout(() => child.kill('SIGKILL'), 3_000)
    await exited
    clearTimeout(timer)
  }

  const urlHost = host.includes(':') ? `[${host}]` : host
  const rpcUrl = `http://${urlHost}:${port}`
  try {
    await waitUntilReady(rpcUrl, chainId, child, () => stderr)
  } catch (error) {
    await stop()
    throw error
  }
  return {
    engine: 'anvil',
    rpcUrl,
    wsUrl: `ws://${urlHost}:${port}`,
    port,
    client: createDevnetClient(http(rpcUrl), 'anvil', chainId),
    stop,
  }
}

/**
 * Spawns the binary; on Linux through `setpriv --pdeathsig KILL` (which execs it, so the PID is anvil's), so the
 * kernel kills it even when this process dies without running its exit handlers (SIGKILL, a crash).
 */
function spawnOrphanProof(binary: string, args: string[]): ChildProcess {
  const setpriv = '/usr/bin/setpriv'
  const stdio: ['ignore', 'ignore', 'pipe'] = ['ignore', 'ignore', 'pipe']
  if (process.platform === 'linux' && isExecutableFile(setpriv))
    return spawn(setpriv, ['--pdeathsig', 'KILL', '--', binary, ...args], { stdio })
  return spawn(binary, args, { stdio })
}

async function waitUntilReady(
  rpcUrl: string,
  expectedChainId: number,
  child: ChildProcess,
  stderr: () => string,
): Promise<void> {
  const deadline = Date.now() + READY_TIMEOUT_MS
  let spawnError: Error | undefined
  child.once('error', (error) => {
    spawnError = error
  })
  for (;;) {
    if (spawnError) throw new Error(`cannot start anvil: ${spawnError.message}`)
    if (child.exitCode !== null || child.signalCode !== null)
      throw new AnvilExitedError(
        `anvil exited (${child.exitCode ?? child.signalCode}) before answering: ${stderr().trim() || 'no output'}`,
      )
    const chainId = await queryChainId(rpcUrl).catch(() => undefined) // undefined: not listening yet
    if (chainId !== undefined) {
      if (chainId !== expectedChainId) throw new Error(`anvil at ${rpcUrl} answered chain ${chainId}`)
      return
    }
    if (Date.now() > deadline)
      throw new Error(`anvil did not answer at ${rpcUrl} within ${READY_TIMEOUT_MS} ms`)
    await new Promise((resolve) => setTimeout(resolve, 20))
  }
}

async function queryChainId(rpcUrl: string): Promise<number> {
  const response = await fetch(rpcUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'eth_chainId', params: [] }),
    signal: AbortSignal.timeout(1_000),
  })
  const { result } = (await response.json()) as { result: string }
  return Number(result)
}

/** A port nobody listens on right now (the OS picks it). */
async function freePort(host: string): Promise<number> {
  const server = createServer()
  server.listen(0, host)
  await once(server, 'listening')
  const address = server.address()
  server.close()
  await once(server, 'close')
  if (!address || typeof address === 'string') throw new Error('no free port')
  return address.port
}

function isExecutableFile(path: string): boolean {
  try {
    accessSync(path, constants.X_OK)
    return statSync(path).isFile()
  } catch {
    return false
  }
}
