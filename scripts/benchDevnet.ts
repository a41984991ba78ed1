// Starts benchDevnet.child.ts (the devnet and a history of `count` Safe transactions in a process of their
// own) and resolves once the history is built.
import { spawn } from 'node:child_process'
import { createInterface } from 'node:readline'
import type { Address } from 'viem'

export type BenchDevnet = {
  rpcUrl: string
  chainId: number
  safe: Address
  /** The Safe's nonce after the history was built. */
  nonce: number
  /** Seconds the child took to build the history. */
  seconds: number
  stop(): Promise<void>
}

export async function startBenchDevnet(count: number): Promise<BenchDevnet> {
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', new URL('./benchDevnet.child.ts', import.meta.url).pathname],
    { env: { ...process.env, BENCH_COUNT: String(count) }, stdio: ['pipe', 'pipe', 'inherit'] },
  )
  const exited = new Promise<number | null>((resolve) => child.once('exit', resolve))
  const line = await new Promise<string>((resolve, reject) => {
    createInterface({ input: child.stdout }).once('line', resolve)
    void exited.then((code) => reject(new Error(`benchDevnet.child.ts exited with ${code}`)))
  })
  const info = JSON.parse(line) as Omit<BenchDevnet, 'stop'>
  return {
    ...info,
    async stop() {
      child.stdin.end()
      await exited
    },
  }
}
