// A gateway process of its own (apps/gateway/src/main.ts), as an operator runs several on one PostgreSQL:
// started from its environment, read for its CPU time and health, stopped or SIGKILLed.
import { type ChildProcess, execFileSync, spawn } from 'node:child_process'
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { createInterface } from 'node:readline'

const ROOT = join(import.meta.dirname, '..', '..')
const MAIN = join(ROOT, 'apps', 'gateway', 'src', 'main.ts')
const TICKS_PER_SECOND = Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim()) || 100

export type GatewayProcess = {
  name: string
  url: string
  child: ChildProcess
  /** Its last lines of output, for a report when something goes wrong. */
  output: string[]
  /** CPU time (user + system) the process has used so far, in ms. */
  cpuMs(): number
  /** The chains this process indexes now (GET /health). */
  indexing(): Promise<number[]>
  /** SIGKILL: no shutdown of any kind. */
  kill(): Promise<void>
  stop(): Promise<void>
}

/** CPU time of a process from /proc (Linux), in ms. */
export function processCpuMs(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8')
  // The fields after the command name (which may hold spaces) are at fixed places: utime and stime are 14 and 15.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ')
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / TICKS_PER_SECOND
}

export function startGatewayProcess(name: string, env: Record<string, string>): Promise<GatewayProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', MAIN], {
    cwd: ROOT,
    env: { ...process.env, PORT: '0', HOST: '127.0.0.1', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  const output: string[] = []
  const remember = (line: string) => {
    output.push(`${name}: ${line}`)
    if (output.length > 200) output.shift()
  }
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()))
  createInterface({ input: child.stderr! }).on('line', remember)
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`${name} did not start:\n${output.join('\n')}`)), 60_000)
    void exited.then(() => reject(new Error(`${name} exited:\n${output.join('\n')}`)))
    createInterface({ input: child.stdout! }).on('line', (line) => {
      remember(line)
      const url = /gateway on (http:\/\/\S+)/.exec(line)?.[1]
      if (!url) return
      clearTimeout(timer)
      resolve({
        name,
        url,
        child,
        output,
        cpuMs: () => processCpuMs(child.pid!),
        async indexing() {
          const res = await fetch(`${url}/health`)
          return ((await res.json()) as { indexing: number[] }).indexing
        },
        async kill() {
          child.kill('SIGKILL')
          await exited
        },
        async stop() {
          child.kill('SIGTERM')
          await exited
        },
      })
    })
  })
}

/** Resolves once `check` holds, polling every `intervalMs`; throws with `what` after `timeoutMs`. */
export async function until(
  what: string,
  check: () => Promise<boolean>,
  timeoutMs = 60_000,
  intervalMs = 100,
): Promise<void> {
  const deadline = Date.now() + timeoutMs
  for (;;) {
    if (await check().catch(() => false)) return
    if (Date.now() > deadline) throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}`)
    await new Promise((r) => setTimeout(r, intervalMs))
  }
}

/** Every chain of the gateway at `url` is indexed up to the head. */
export async function synced(url: string): Promise<boolean> {
  const health = (await (await fetch(`${url}/health`)).json()) as { chains: { synced: boolean }[] }
  return health.chains.length > 0 && health.chains.every((c) => c.synced)
}
