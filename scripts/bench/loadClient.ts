// The traffic of a team at work, for load benchmarks: `connections` loops, each sending one request after the
// other to its gateway process, for `seconds`. Seven in ten requests are reads (Safe info, queue, history,
// balances, messages, the chain); the rest are signed writes on the demo treasury: a proposal by owner #0, its
// confirmation by owner #1, then its deletion by the proposer (so the queue stays bounded; one cycle in ten is
// kept), and new messages by owner #0. Every write the gateway accepts is remembered, to be checked afterwards.
import { testAccount } from '@concord/devnet'
import { safeMessageHash, safeMessageTypedData } from '@concord/safe/messages'
import * as SafeTx from '@concord/safe/SafeTx'
import { deleteRequestTypedData, totp } from '@concord/safe/serviceRequests'
import { type Address, type Hex, pad, toHex } from 'viem'
import { proposalBody } from '../../apps/gateway/src/testing/proposalBody.ts'

const [owner0, owner1] = [testAccount(0), testAccount(1)]

export type LoadTarget = { name: string; url: string }

export type Accepted = {
  /** Proposals left in the queue, with whether their confirmation was accepted too. */
  kept: Map<Hex, { confirmed: boolean }>
  /** Messages created. */
  messages: Hex[]
  /** Every creation the gateway accepted (proposals and messages), for the live-stream check. */
  created: { kind: 'proposal' | 'message'; hash: Hex; at: number }[]
}

export type LoadResult = {
  seconds: number
  reads: number[]
  writes: number[]
  /** Answers by status (`network` when the process was gone). */
  answers: Map<string, number>
  perTarget: Map<string, number>
  accepted: Accepted
}

export type LoadOptions = {
  chainId: number
  safe: Address
  /** The Safe's nonce: every proposal sits at it (conflicts), so any of them can be deleted. */
  nonce: bigint
  connections: number
  seconds: number
  /** The processes to send to now (a load balancer's view: a dead one is taken out). */
  targets(): LoadTarget[]
  /** Unique per run, so that two runs on one database never propose the same transaction. */
  tag: number
  /** Proposals left in the queue (never deleted) at most (150): the queue of one Safe holds 300. */
  maxKept?: number
  /** Connections stop sending when this resolves, before `seconds` are over. */
  stop?: Promise<unknown>
}

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))] ?? Number.NaN

export function summarize(values: number[]): string {
  const sorted = [...values].sort((a, b) => a - b)
  return `p50 ${percentile(sorted, 50).toFixed(1)} ms, p99 ${percentile(sorted, 99).toFixed(1)} ms`
}

export async function runLoad(o: LoadOptions): Promise<LoadResult> {
  const result: LoadResult = {
    seconds: o.seconds,
    reads: [],
    writes: [],
    answers: new Map(),
    perTarget: new Map(),
    accepted: { kept: new Map(), messages: [], created: [] },
  }
  const chain = `/v1/chains/${o.chainId}`
  const safePath = `${chain}/safes/${o.safe}`
  const readPaths = [
    safePath,
    `${safePath}/transactions/queued`,
    `${safePath}/transactions/history`,
    `${safePath}/balances/usd`,
    `${safePath}/messages`,
    chain,
  ]
  const ref = { version: '1.4.1', chainId: o.chainId, address: o.safe }
  const until = Date.now() + o.seconds * 1000
  let stopped = false
  void o.stop?.then(() => {
    stopped = true
  })

  /** Sends to the connection's process; the answer's status ('network' if none) and the time it took. */
  const send = async (connection: number, path: string, init?: { method: string; body: unknown }) => {
    const targets = o.targets()
    const target = targets[connection % targets.length]!
    const started = performance.now()
    let status: string
    try {
      const res = await fetch(`${target.url}${path}`, {
        method: init?.method ?? 'GET',
        headers: init ? { 'content-type': 'application/json' } : {},
        body: init ? JSON.stringify(init.body) : undefined,
      })
      await res.arrayBuffer()
      status = String(res.status)
    } catch {
      status = 'network'
    }
    const ms = performance.now() - started
    result.answers.set(status, (result.answers.get(status) ?? 0) + 1)
    result.perTarget.set(target.name, (result.perTarget.get(target.name) ?? 0) + 1)
    ;(init ? result.writes : result.reads).push(ms)
    return status.startsWith('2')
  }

  const loop = async (connection: number) => {
    let step = 0
    let cycle = 0
    let current: { hash: Hex; proposed: boolean } | undefined
    for (let i = 0; Date.now() < until && !stopped; i++) {
      const kind = i % 10
      if (kind < 7) {
        await send(connection, readPaths[(i + connection) % readPaths.length]!)
      } else if (kind < 9) {
        // The write cycle: propose, confirm, delete (or keep).
        if (step === 0) {
          cycle++
          const tx = SafeTx.from({
            to: pad(toHex(o.tag * 1_000 + connection), { size: 20 }),
            value: BigInt(cycle),
            nonce: o.nonce,
          })
          const body = await proposalBody(tx, { chainId: o.chainId, address: o.safe }, owner0)
          const ok = await send(connection, `${chain}/transactions/${o.safe}/propose`, {
            method: 'POST',
            body,
          })
          current = { hash: body.safeTxHash, proposed: ok }
          if (ok) result.accepted.created.push({ kind: 'proposal', hash: body.safeTxHash, at: Date.now() })
          step = ok ? 1 : 0
        } else if (step === 1 && current) {
          const ok = await send(connection, `${chain}/transactions/${current.hash}/confirmations`, {
            method: 'POST',
            body: { signedSafeTxHash: await owner1.sign({ hash: current.hash }) },
          })
          const keep = cycle % 10 === 0 && result.accepted.kept.size < (o.maxKept ?? 150)
          if (keep) result.accepted.kept.set(current.hash, { confirmed: ok })
          step = keep ? 0 : 2
        } else if (current) {
          const typed = deleteRequestTypedData({
            chainId: o.chainId,
            safe: o.safe,
            safeTxHash: current.hash,
            totp: totp(),
          })
          await send(connection, `${chain}/transactions/${current.hash}`, {
            method: 'DELETE',
            body: { signature: await owner0.signTypedData(typed) },
          })
          step = 0
        }
      } else {
        const message = `load ${o.tag} ${connection} ${i}`
        const ok = await send(connection, `${safePath}/messages`, {
          method: 'POST',
          body: { message, signature: await owner0.signTypedData(safeMessageTypedData(ref, message)) },
        })
        if (ok) {
          const hash = safeMessageHash(ref, message)
          result.accepted.messages.push(hash)
          result.accepted.created.push({ kind: 'message', hash, at: Date.now() })
        }
      }
    }
  }
  await Promise.all(Array.from({ length: o.connections }, (_, c) => loop(c)))
  return result
}

/** Every accepted write is still there, read through `url`: kept proposals (with their confirmation) and messages. */
export async function missingWrites(url: string, chainId: number, accepted: Accepted): Promise<string[]> {
  const missing: string[] = []
  for (const [hash, { confirmed }] of accepted.kept) {
    const res = await fetch(`${url}/v1/chains/${chainId}/transactions/${hash}`)
    const tx = res.ok
      ? ((await res.json()) as { detailedExecutionInfo?: { confirmations: unknown[] } })
      : undefined
    const confirmations = tx?.detailedExecutionInfo?.confirmations.length ?? 0
    if (!tx || confirmations < (confirmed ? 2 : 1)) missing.push(`proposal ${hash} (${res.status})`)
  }
  for (const hash of accepted.messages) {
    const res = await fetch(`${url}/v1/chains/${chainId}/messages/${hash}`)
    await res.arrayBuffer()
    if (!res.ok) missing.push(`message ${hash} (${res.status})`)
  }
  return missing
}
