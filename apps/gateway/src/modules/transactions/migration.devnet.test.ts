// Updating a v1.3.0 Safe to v1.4.1 through the gateway, as the web's Settings → Setup does it: an owner
// proposes a DELEGATECALL to the canonical SafeMigration (migrateL2WithFallbackHandler for the GnosisSafeL2,
// migrateWithFallbackHandler for the non-L2 GnosisSafe), a second owner confirms, the executor sends it with the
// confirmations the gateway returns. The indexer follows ChangedMasterCopy: SafeInfo says 1.4.1 and the
// history shows the update as a CHANGE_IMPLEMENTATION settings change; the Safe keeps executing afterwards.
import { type DemoSafe, type Devnet, sendExecTransaction, startDevnet, testAccount } from '@concord/devnet'
import { safeAbi, safeMigrationAbi, safeMigrationsV141, safeV141 } from '@concord/safe/contracts'
import * as SafeTx from '@concord/safe/SafeTx'
import { type Address, encodeFunctionData, type Hex, zeroAddress } from 'viem'
import type { HDAccount } from 'viem/accounts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createGateway, type Gateway } from '../../createGateway.ts'
import { createDevnetTestConfig } from '../../testing/createTestConfig.ts'
import { jsonRequest } from '../../testing/jsonRequest.ts'

const CHAIN = 31337
const [a0, a3, a7] = [0, 3, 7].map(testAccount) as [HDAccount, HDAccount, HDAccount]

let devnet: Devnet
let gateway: Gateway
const sync = () => gateway.indexers.get(CHAIN)?.sync()
const request = (method: string, path: string, body?: unknown) => jsonRequest(gateway, method, path, body)

beforeAll(async () => {
  devnet = await startDevnet({ port: 0 })
  gateway = await createGateway(createDevnetTestConfig(devnet))
  await sync()
})
afterAll(async () => {
  await gateway?.stop()
  await devnet?.stop()
})

/** Proposes `call` at the Safe's nonce signed by #7, confirms it as #0, executes it with the gateway's confirmations. */
async function proposeConfirmExecute(
  safe: Address,
  call: { to: Address; data: Hex; operation: 0 | 1; value?: bigint },
) {
  const nonce = await devnet.client.readContract({ address: safe, abi: safeAbi, functionName: 'nonce' })
  const tx = SafeTx.from({ ...call, nonce })
  const safeTxHash = SafeTx.hash(tx, { chainId: CHAIN, address: safe })
  const proposed = await request('POST', `/v1/chains/${CHAIN}/transactions/${safe}/propose`, {
    to: tx.to,
    value: tx.value.toString(),
    data: tx.data,
    operation: tx.operation,
    nonce: String(nonce),
    safeTxGas: '0',
    baseGas: '0',
    gasPrice: '0',
    gasToken: zeroAddress,
    refundReceiver: zeroAddress,
    safeTxHash,
    sender: a7.address,
    signature: await a7.sign({ hash: safeTxHash }),
  })
  expect(proposed.status, JSON.stringify(proposed.body)).toBe(200)
  const confirmed = await request('POST', `/v1/chains/${CHAIN}/transactions/${safeTxHash}/confirmations`, {
    signedSafeTxHash: await a0.sign({ hash: safeTxHash }),
  })
  expect(confirmed.status, JSON.stringify(confirmed.body)).toBe(200)
  expect(confirmed.body.txStatus).toBe('AWAITING_EXECUTION')

  const confirmations = confirmed.body.detailedExecutionInfo.confirmations as {
    signer: { value: Address }
    signature: Hex
  }[]
  const signatures = SafeTx.joinSignatures(
    confirmations.map((c) => ({ signer: c.signer.value, data: c.signature })),
  )
  const hash = await sendExecTransaction(devnet.client, { safe, tx, signatures, executor: a3.address })
  await sync()
  return { proposed: proposed.body, safeTxHash, hash }
}

describe.each([
  ['legacyL2', 'migrateL2WithFallbackHandler', safeV141.safeL2, '1.4.1+L2'],
  ['mainnet', 'migrateWithFallbackHandler', safeV141.safe, '1.4.1'],
] as const)('updating the v1.3.0 %s Safe to v1.4.1', (name, method, singleton, version) => {
  const demo = () => devnet.scenario?.safes[name] as DemoSafe
  const data = encodeFunctionData({ abi: safeMigrationAbi, functionName: method })

  it(`an owner proposes ${method} (a DELEGATECALL to SafeMigration), another confirms, it executes`, async () => {
    const safe = demo().address
    const before = (await request('GET', `/v1/chains/${CHAIN}/safes/${safe}`)).body
    expect(before).toMatchObject({ version: name === 'legacyL2' ? '1.3.0+L2' : '1.3.0' })
    expect(before.implementationVersionState).toBe('OUTDATED')

    const { proposed, safeTxHash, hash } = await proposeConfirmExecute(safe, {
      to: safeMigrationsV141.safeMigration,
      data,
      operation: 1,
    })
    // Proposed: already shown as the implementation change it is.
    expect(proposed.txInfo).toMatchObject({
      type: 'SettingsChange',
      dataDecoded: { method },
      settingsInfo: { type: 'CHANGE_IMPLEMENTATION', implementation: { value: singleton } },
    })

    const info = (await request('GET', `/v1/chains/${CHAIN}/safes/${safe}`)).body
    expect(info).toMatchObject({
      version,
      implementation: { value: singleton },
      implementationVersionState: 'UP_TO_DATE',
      fallbackHandler: { value: safeV141.compatibilityFallbackHandler },
      owners: demo().owners.map((value) => ({ value })),
      threshold: 2,
    })
    expect(await devnet.client.readContract({ address: safe, abi: safeAbi, functionName: 'VERSION' })).toBe(
      '1.4.1',
    )

    const page = (await request('GET', `/v1/chains/${CHAIN}/safes/${safe}/transactions/history`)).body
    const item = page.results.find((r: any) => r.type === 'TRANSACTION' && r.transaction.txHash === hash)
    expect(item?.transaction).toMatchObject({
      txStatus: 'SUCCESS',
      txInfo: {
        type: 'SettingsChange',
        dataDecoded: { method, parameters: [] },
        settingsInfo: {
          type: 'CHANGE_IMPLEMENTATION',
          implementation: { value: singleton, name: version.endsWith('+L2') ? 'SafeL2 1.4.1' : 'Safe 1.4.1' },
        },
      },
    })
    const details = (await request('GET', `/v1/chains/${CHAIN}/transactions/${safeTxHash}`)).body
    expect(details).toMatchObject({
      txStatus: 'SUCCESS',
      txHash: hash,
      txData: {
        operation: 1,
        to: { value: safeMigrationsV141.safeMigration, name: 'SafeMigration' },
        trustedDelegateCallTarget: true,
      },
      detailedExecutionInfo: { confirmations: [{}, {}] },
    })
    expect(gateway.indexers.get(CHAIN)?.status().undecodableLogs).toBe(0)
  })

  it('the updated Safe keeps co-signing and executing (v1.4.1 events)', async () => {
    const safe = demo().address
    const { hash } = await proposeConfirmExecute(safe, {
      to: safe,
      data: encodeFunctionData({ abi: safeAbi, functionName: 'changeThreshold', args: [2n] }),
      operation: 0,
    })
    const page = (await request('GET', `/v1/chains/${CHAIN}/safes/${safe}/transactions/history`)).body
    const item = page.results.find((r: any) => r.type === 'TRANSACTION' && r.transaction.txHash === hash)
    expect(item?.transaction).toMatchObject({
      txStatus: 'SUCCESS',
      txInfo: { type: 'SettingsChange', settingsInfo: { type: 'CHANGE_THRESHOLD', threshold: 2 } },
    })
    expect(gateway.indexers.get(CHAIN)?.status().undecodableLogs).toBe(0)
  })
})
