// Starts benchDevnet.child.ts (the devnet and a history of `count` Safe transactions in a process of their
// own), or another chain-building child, and resolves once its chain is built.
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

export function startBenchDevnet(count: number): Promise<BenchDevnet> {
  return startChainChild<Omit<BenchDevnet, 'stop'>>('./benchDevnet.child.ts', { BENCH_COUNT: String(count) })
}

/**
 * Starts a child script that builds a chain and prints one JSON line about it (then keeps the chain up until
 * its stdin closes); resolves with that line and a stop().
 */
export async function startChainChild<T>(
  script: string,
  env: Record<string, string>,
): Promise<T & { stop(): Promise<void> }> {
  const child = spawn(process.execPath, ['--import', 'tsx', new URL(script, import.meta.url).pathname], {
    env: { ...process.env, ...env },
    stdio: ['pipe', 'pipe', 'inherit'],
  })
  const exited = new Promise<number | null>((resolve) => child.once('exit', resolve))
  const line = await new Promise<string>((resolve, reject) => {
    createInterface({ input: child.stdout }).once('line', resolve)
    void exited.then((code) => reject(new Error(`${script} exited with ${code}`)))
  })
  return {
    ...(JSON.parse(line) as T),
    async stop() {
      child.stdin.end()
      await exited
    },
  }
}
