// processLogs on logs recorded from a real chain (fixtures/safe-logs.json, made by
// scripts/record-log-vectors.ts): Safes of 1.3.0 (L2 and not), 1.4.1 (L2 and not), with what the contracts
// answered afterwards. Plus 1.5.0 logs encoded from its ABI (no 1.5.0 bytecode on the devnet) and hostile ones.
import { safeSingletons, versionLabel } from '@concord/safe/versions'
import { getSafeL2SingletonDeployment } from '@safe-global/safe-deployments'
import {
  type AbiEvent,
  type Address,
  encodeAbiParameters,
  encodeEventTopics,
  getAddress,
  type Hex,
  keccak256,
  toHex,
} from 'viem'
import { describe, expect, it } from 'vitest'
import type { RawLog } from './events.ts'
import recorded from './fixtures/safe-logs.json' with { type: 'json' }
import { processLogs } from './processLogs.ts'
import type { MasterCopies, SafeRow } from './rows.ts'

const masterCopies: MasterCopies = new Map(
  safeSingletons().map((s) => [s.address, { version: versionLabel(s) }]),
)

function run(logs: RawLog[], safes = new Map<Address, SafeRow>()) {
  const out = processLogs({
    chainId: recorded.chainId,
    logs,
    safes,
    masterCopies,
    singletonOf: () => undefined,
    timestampOf: (n) => 1_700_000_000 + n,
  })
  return { out, safes }
}

describe('processLogs on recorded logs of every version', () => {
  const { out, safes } = run(recorded.logs as RawLog[])

  it.each(recorded.safes.map((s) => [`${s.version}${s.l2 ? '+L2' : ''}`, s] as const))(
    '%s: state equals what the contract answers',
    (_, expected) => {
      const safe = safes.get(expected.address as Address)
      expect(safe).toMatchObject({
        owners: expected.owners,
        threshold: expected.threshold,
        nonce: expected.nonce,
        modules: expected.modules,
        version: `${expected.version}${expected.l2 ? '+L2' : ''}`,
      })
    },
  )

  it('records every execution with its safeTxHash and nonce, parameters from events on L2 Safes only', () => {
    const rows = new Map(out.multisig.map((r) => [r.safeTxHash, r]))
    for (const e of recorded.executions) {
      const row = rows.get(e.safeTxHash)
      const safe = recorded.safes.find((s) => s.address === e.safe)
      expect(row, e.safeTxHash).toMatchObject({ safe: e.safe, nonce: Number(e.nonce), txHash: e.hash })
      // Non-L2 parameters are resolved later from calldata or traces (needs the node).
      expect(row?.paramsSource).toBe(safe?.l2 ? 'event' : null)
      expect(row?.to === null).toBe(!safe?.l2)
    }
    expect(out.multisig).toHaveLength(recorded.executions.length)
    expect(out.undecodable).toEqual([])
  })

  it('keeps the owners before each execution, not after it', () => {
    // The first execution of every v1.3.0 demo Safe adds #7 with threshold 2 to owners [#0, #6].
    for (const s of recorded.safes.filter((x) => x.version === '1.3.0')) {
      const first = out.multisig.find((r) => r.safe === s.address && r.nonce === 0)
      expect(first?.owners).toHaveLength(2)
      expect(first?.threshold).toBe(1)
    }
  })

  it('lists a non-L2 module execution with its module, parameters unknown', () => {
    const plain = recorded.safes.find((s) => s.version === '1.4.1' && !s.l2)
    const modules = out.modules.filter((m) => m.safe === plain?.address)
    expect(modules).toHaveLength(1)
    expect(modules[0]).toMatchObject({ module: plain?.modules[0], to: null, success: true })
    expect(out.history.filter((h) => h.safe === plain?.address && h.kind === 'module')).toHaveLength(1)
  })

  it('replaying twice from the same logs gives the same state', () => {
    const again = run(recorded.logs as RawLog[])
    expect([...again.safes.values()]).toEqual([...safes.values()])
  })
})

describe('processLogs on 1.5.0 and hostile logs', () => {
  const v150 = safeSingletons().find((s) => s.version === '1.5.0' && s.l2) as { address: Address }
  const SAFE = getAddress('0x5afe5afe5afe5afe5afe5afe5afe5afe5afe5afe')
  const OWNER = getAddress('0x1111111111111111111111111111111111111111')
  const GUARD = getAddress('0x2222222222222222222222222222222222222222')
  const abi = getSafeL2SingletonDeployment({ version: '1.5.0' })?.abi as AbiEvent[]
  let logIndex = 0
  const log = (name: string, args: Record<string, unknown>): RawLog => {
    const event = abi.find((e) => e.type === 'event' && e.name === name) as AbiEvent
    const unindexed = event.inputs.filter((i) => !i.indexed)
    return {
      blockNumber: 1,
      blockHash: keccak256(toHex('block')),
      logIndex: logIndex++,
      txHash: keccak256(toHex('tx')),
      address: SAFE,
      topics: encodeEventTopics({ abi: [event], eventName: name, args } as never) as Hex[],
      data: encodeAbiParameters(
        unindexed,
        unindexed.map((i) => args[i.name as string]),
      ),
    }
  }
  const setup = log('SafeSetup', {
    initiator: OWNER,
    owners: [OWNER],
    threshold: 1n,
    initializer: '0x0000000000000000000000000000000000000000',
    fallbackHandler: '0x0000000000000000000000000000000000000000',
  })

  it('indexes a 1.5.0 SafeL2 and keeps its ChangedModuleGuard', () => {
    const guard = log('ChangedModuleGuard', { moduleGuard: GUARD })
    const { out, safes } = run([setup, guard], new Map())
    // No ProxyCreation in these logs: the singleton comes from the proxy's storage.
    expect(out.kept).toEqual([])
    const withSingleton = processLogs({
      chainId: 1,
      logs: [setup, guard],
      safes: new Map(),
      masterCopies,
      singletonOf: () => v150.address,
      timestampOf: () => 0,
    })
    expect(safes.size).toBe(0)
    expect(withSingleton.kept).toEqual([setup, guard])
    expect(withSingleton.changedSafes).toEqual(new Set([SAFE]))
  })

  it('counts a Safe topic at a Safe that decodes under no layout, and ignores it elsewhere', () => {
    const known = new Map<Address, SafeRow>()
    processLogs({
      chainId: 1,
      logs: [setup],
      safes: known,
      masterCopies,
      singletonOf: () => v150.address,
      timestampOf: () => 0,
    })
    const added = log('AddedOwner', { owner: OWNER })
    const broken = { ...added, topics: [...added.topics, keccak256(toHex('extra'))] }
    const elsewhere = { ...broken, address: OWNER }
    const { out } = run([broken, elsewhere], known)
    expect(out.undecodable).toEqual([broken])
    expect(out.kept).toEqual([broken])
  })
})
