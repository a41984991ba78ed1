// Records the Safe logs of a real chain run (the devnet demo, plus a 1.4.1 non-L2 Safe with a module call) with
// what the contracts answer afterwards, for the indexer's unit tests (apps/gateway/src/indexer/fixtures).
// Rerun after changing the demo: `npx tsx scripts/record-log-vectors.ts`.
import { writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { execSafeTxWithHash, startDevnet, testAccount } from '@concord/devnet'
import { safeAbi } from '@concord/safe/contracts'
import { type Address, encodeFunctionData, getAddress, type Hex, parseEther, type RpcLog } from 'viem'
import { SAFE_TOPICS, toRawLog } from '../apps/gateway/src/indexer/events.ts'

const OUT = join(import.meta.dirname, '..', 'apps', 'gateway', 'src', 'indexer', 'fixtures', 'safe-logs.json')
const SENTINEL = '0x0000000000000000000000000000000000000001'

const devnet = await startDevnet({ port: 0 })
const { client } = devnet
const [a0, a3, a5] = [0, 3, 5].map(testAccount) as [
  ReturnType<typeof testAccount>,
  ReturnType<typeof testAccount>,
  ReturnType<typeof testAccount>,
]
const { createSafeWithHash } = await import('@concord/devnet')
const wait = async (hash: Hex) => client.waitForTransactionReceipt({ hash })

// A 1.4.1 non-L2 Safe (not in the demo): a module, a module call, an ETH transfer, a fallback handler change.
const plain = await createSafeWithHash(client, {
  owners: [a0.address],
  threshold: 1,
  saltNonce: 77n,
  sender: a0.address,
  l2: false,
})
await wait(await client.sendTransaction({ account: a0.address, to: plain.address, value: parseEther('1') }))
const executions: { safe: Address; hash: Hex; safeTxHash: Hex; nonce: string }[] = []
const exec = async (tx: { to: Address; data?: Hex; value?: bigint }) => {
  const run = await execSafeTxWithHash(client, {
    safe: plain.address,
    tx,
    signers: [a0],
    executor: a0.address,
  })
  executions.push({
    safe: plain.address,
    hash: run.hash,
    safeTxHash: run.safeTxHash,
    nonce: String(run.nonce),
  })
}
const selfCall = (data: Hex) => exec({ to: plain.address, data })
await selfCall(encodeFunctionData({ abi: safeAbi, functionName: 'enableModule', args: [a5.address] }))
await exec({ to: a3.address, value: 1000n })
await selfCall(encodeFunctionData({ abi: safeAbi, functionName: 'setFallbackHandler', args: [SENTINEL] }))
await wait(
  await client.writeContract({
    account: a5.address,
    address: plain.address,
    abi: safeAbi,
    functionName: 'execTransactionFromModule',
    args: [a3.address, 7n, '0x', 0],
  }),
)

const head = await client.getBlockNumber()
const raw = (await client.request({
  method: 'eth_getLogs' as never,
  params: [{ fromBlock: '0x0', toBlock: `0x${head.toString(16)}`, topics: [SAFE_TOPICS] }] as never,
})) as RpcLog[]
const logs = raw.map(toRawLog)

const demo = devnet.scenario
if (!demo) throw new Error('the devnet has no demo scenario')
const safes = [
  ...Object.values(demo.safes).map((s) => ({ address: s.address, version: s.version, l2: s.l2 })),
  { address: plain.address, version: '1.4.1', l2: false },
]
const read = <F extends 'getOwners' | 'getThreshold' | 'nonce'>(address: Address, functionName: F) =>
  client.readContract({ address, abi: safeAbi, functionName } as never)
const state = await Promise.all(
  safes.map(async (s) => {
    const [owners, threshold, nonce, modules] = await Promise.all([
      read(s.address, 'getOwners'),
      read(s.address, 'getThreshold'),
      read(s.address, 'nonce'),
      client.readContract({
        address: s.address,
        abi: safeAbi,
        functionName: 'getModulesPaginated',
        args: [SENTINEL, 10n],
      }),
    ])
    return {
      ...s,
      address: getAddress(s.address),
      owners,
      threshold: Number(threshold),
      nonce: Number(nonce),
      modules: modules[0],
    }
  }),
)
for (const s of Object.values(demo.safes))
  for (const e of s.executions)
    executions.push({ safe: s.address, hash: e.hash, safeTxHash: e.safeTxHash, nonce: String(e.nonce) })

writeFileSync(
  OUT,
  `${JSON.stringify({ chainId: devnet.chainId, safes: state, executions, logs }, null, 1)}\n`,
)
console.log(`recorded ${logs.length} logs of ${state.length} Safes into ${OUT}`)
await devnet.stop()
