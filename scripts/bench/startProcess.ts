// Starts Concord as a user would (`npm start`, or another command), waits for the printed URL and for the indexer
// to reach the chain head, and stops it again (the whole process group).
import { type ChildProcess, spawn } from 'node:child_process'

export type Started = {
  child: ChildProcess
  url: string
  /** From spawn to the printed URL. */
  seconds: number
  /** Everything it printed so far (phase timings included). */
  output(): string
  stop(): Promise<void>
}

export async function startUntilUrl(
  command: string[],
  options: { cwd: string; env: NodeJS.ProcessEnv },
): Promise<Started> {
  const t0 = performance.now()
  const child = spawn(command[0]!, command.slice(1), {
    cwd: options.cwd,
    env: options.env,
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  })
  let out = ''
  const url = await new Promise<string>((resolve, reject) => {
    const onData = (d: Buffer) => {
      out += d
      const m = /(?:Open|gateway on) (http\S+)/.exec(out)
      if (m) resolve(m[1]!)
    }
    child.stdout!.on('data', onData)
    child.stderr!.on('data', onData)
    child.on('exit', (code) => reject(new Error(`${command.join(' ')} exited ${code}:\n${out}`)))
  })
  const seconds = (performance.now() - t0) / 1000
  const exited = new Promise((r) => child.on('exit', r))
  return {
    child,
    url,
    seconds,
    output: () => out,
    async stop() {
      process.kill(-child.pid!, 'SIGINT')
      await exited
    },
  }
}

/** Waits until /health says every chain is indexed up to the head (the demo scenario's blocks included). */
export async function waitIndexed(url: string, timeoutMs = 120_000): Promise<void> {
  const deadline = Date.now() + timeoutMs
  while (Date.now() < deadline) {
    const health = (await (await fetch(`${url}/health`)).json()) as { chains: { synced: boolean }[] }
    if (health.chains.length && health.chains.every((c) => c.synced)) return
    await new Promise((r) => setTimeout(r, 250))
  }
  throw new Error(`not indexed after ${timeoutMs} ms`)
}

/** Lets the process settle after start (GC, lazy work) before its memory is read. */
export async function settle(url: string): Promise<void> {
  await fetch(`${url}/v1/chains`)
  await fetch(url)
  await new Promise((r) => setTimeout(r, 1500))
}
