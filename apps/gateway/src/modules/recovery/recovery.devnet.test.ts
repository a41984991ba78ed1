// Recovery through a Zodiac Delay modifier on the devnet (the canonical Delay mastercopy and ModuleProxyFactory):
// the owners set it up in one MultiSendCallOnly Safe transaction, the recoverer queues an owner change, which
// the Delay refuses to run before the cooldown and runs after it; the owners skip a second one with setTxNonce.
// The chain is the oracle (getOwners, the Delay's nonces); the gateway's /recovery and history are checked
// against it.
import { randomUUID } from 'node:crypto'
import {
  createSafe,
  type Devnet,
  encodeMultiSend,
  execSafeTx,
  startDevnet,
  testAccount,
} from '@concord/devnet'
import { safeAbi, safeV141 } from '@concord/safe/contracts'
import { delayAbi, recoverySetupCalls, recoveryTransaction } from '@concord/safe/recovery'
import { encodeFunctionData, getAddress } from 'viem'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { createGateway, type Gateway } from '../../createGateway.ts'
import { createDevnetTestConfig } from '../../testing/createTestConfig.ts'
import { jsonRequest } from '../../testing/jsonRequest.ts'
import { createTestDatabase, type TestDatabase, testDatabaseKinds } from '../../testing/testDatabases.ts'
import { registrationHash } from '../notifications/registrationSignature.ts'
import type { SafeRecovery } from './readRecovery.ts'

const [a0, a1, a4, a5] = [testAccount(0), testAccount(1), testAccount(4), testAccount(5)]
const CHAIN = 31337
const COOLDOWN = 3_600n
const EXPIRATION = 86_400n

describe.each(testDatabaseKinds())('recovery through a Delay modifier on %s', (kind) => {
  let devnet: Devnet
  let gateway: Gateway
  let database: TestDatabase
  const request = (method: string, path: string, body?: unknown) => jsonRequest(gateway, method, path, body)

  beforeAll(async () => {
    database = await createTestDatabase(kind)
    devnet = await startDevnet({ port: 0 })
    gateway = await createGateway(createDevnetTestConfig(devnet, { databaseUrl: database.url }))
  })
  afterAll(async () => {
    await gateway?.stop()
    await devnet?.stop()
    await database?.drop()
  })

  it('default: a queued recovery is refused before the window and runs after it; a cancelled one never runs', async () => {
    const { client } = devnet
    const safe = await createSafe(client, {
      owners: [a0.address, a1.address],
      threshold: 1,
      saltNonce: 2_601n,
      sender: a0.address,
    })
    const owners = () => client.readContract({ address: safe, abi: safeAbi, functionName: 'getOwners' })
    const recovery = async () => {
      const answer = await request('GET', `/v1/chains/${CHAIN}/safes/${safe}/recovery`)
      expect(answer.status, JSON.stringify(answer.body)).toBe(200)
      return answer.body as SafeRecovery
    }

    // Owners set up recovery: deploy the Delay, enable it on the Safe, enable #5 on it, in one batch.
    const setup = recoverySetupCalls({
      safe,
      cooldown: COOLDOWN,
      expiration: EXPIRATION,
      saltNonce: 0n,
      recoverers: [a5.address],
    })
    await execSafeTx(client, {
      safe,
      tx: { to: safeV141.multiSendCallOnly, data: encodeMultiSend(setup.calls), operation: 1 },
      signers: [a0],
      executor: a0.address,
    })
    const modules = await client.readContract({
      address: safe,
      abi: safeAbi,
      functionName: 'getModulesPaginated',
      args: ['0x0000000000000000000000000000000000000001', 10n],
    })
    expect(modules[0]).toEqual([setup.delay])
    await gateway.indexers.get(CHAIN)?.sync()
    const set = await recovery()
    expect(set.delays).toMatchObject([
      { address: setup.delay, recoverers: [a5.address], cooldown: 3600, expiration: 86400, queue: [] },
    ])

    // #5 queues: #4 replaces #0, threshold 1.
    const tx = recoveryTransaction(safe, await owners(), [a4.address, a1.address], 1)
    const args = [tx.to, tx.value, tx.data, tx.operation] as const
    await client.waitForTransactionReceipt({
      hash: await client.writeContract({
        account: a5.address,
        address: setup.delay,
        abi: delayAbi,
        functionName: 'execTransactionFromModule',
        args,
      }),
    })
    const [queued] = (await recovery()).delays[0]?.queue ?? []
    expect(queued).toMatchObject({
      queueNonce: 0,
      newOwners: [a4.address, a1.address],
      newThreshold: 1,
      next: true,
      expiresAt: (queued?.executableAt ?? 0) + 86_400,
    })
    expect((queued?.executableAt ?? 0) - (queued?.createdAt ?? 0)).toBe(3600)

    // Before the window: the Delay refuses; a stranger (#0 is no module) may execute after it.
    const executeNext = () =>
      client.simulateContract({
        account: a0.address,
        address: setup.delay,
        abi: delayAbi,
        functionName: 'executeNextTx',
        args,
      })
    await expect(executeNext()).rejects.toThrow(/Transaction is still in cooldown/)
    await client.increaseTime({ seconds: Number(COOLDOWN) })
    await client.mine({ blocks: 1 })
    const executed = await client.waitForTransactionReceipt({
      hash: await client.writeContract((await executeNext()).request),
    })
    expect(executed.status).toBe('success')
    expect(await owners()).toEqual([a4.address, a1.address])
    expect((await recovery()).delays[0]).toMatchObject({ txNonce: 1, queueNonce: 1, queue: [] })

    // History: the execution is a module transaction of the Delay.
    await gateway.indexers.get(CHAIN)?.sync()
    const history = await request('GET', `/v1/chains/${CHAIN}/safes/${safe}/transactions/history`)
    const items = (history.body as { results: { type: string; transaction?: { txInfo: unknown } }[] }).results
    const moduleItem = items.find(
      (item) =>
        item.type === 'TRANSACTION' &&
        JSON.stringify(item.transaction).includes(getAddress(setup.delay)) &&
        JSON.stringify(item.transaction).includes('MODULE'),
    )
    expect(moduleItem, JSON.stringify(items)).toBeDefined()
    // Labelled a recovery (a Delay's execution); the demo's setup transaction (a multisig one) is not.
    expect(moduleItem?.transaction).toMatchObject({ executionInfo: { type: 'MODULE', recovery: true } })
    expect(JSON.stringify(items.filter((item) => item !== moduleItem))).not.toContain('"recovery":true')

    // A second recovery (#0 back in), cancelled by the owners with setTxNonce(queueNonce): it never runs.
    const again = recoveryTransaction(safe, await owners(), [a0.address, a1.address], 1)
    const againArgs = [again.to, again.value, again.data, again.operation] as const
    await client.waitForTransactionReceipt({
      hash: await client.writeContract({
        account: a5.address,
        address: setup.delay,
        abi: delayAbi,
        functionName: 'execTransactionFromModule',
        args: againArgs,
      }),
    })
    expect((await recovery()).delays[0]?.queue).toHaveLength(1)
    await execSafeTx(client, {
      safe,
      tx: {
        to: setup.delay,
        data: encodeFunctionData({ abi: delayAbi, functionName: 'setTxNonce', args: [2n] }),
      },
      signers: [a1],
      executor: a1.address,
    })
    expect(await client.readContract({ address: setup.delay, abi: delayAbi, functionName: 'txNonce' })).toBe(
      2n,
    )
    await client.increaseTime({ seconds: Number(COOLDOWN) })
    await client.mine({ blocks: 1 })
    await expect(
      client.simulateContract({
        account: a0.address,
        address: setup.delay,
        abi: delayAbi,
        functionName: 'executeNextTx',
        args: againArgs,
      }),
    ).rejects.toThrow(/Transaction queue is empty/)
    expect(await owners()).toEqual([a4.address, a1.address])
    expect((await recovery()).delays[0]?.queue).toEqual([])
  })

  it("default: a started recovery is announced once to the Safe's followers (RECOVERY_PROPOSED), also after a restart", async () => {
    const { client } = devnet
    const safe = await createSafe(client, {
      owners: [a0.address, a1.address],
      threshold: 1,
      saltNonce: 2_602n,
      sender: a0.address,
    })
    const setup = recoverySetupCalls({
      safe,
      cooldown: COOLDOWN,
      expiration: 0n,
      saltNonce: 1n,
      recoverers: [a5.address],
    })
    await execSafeTx(client, {
      safe,
      tx: { to: safeV141.multiSendCallOnly, data: encodeMultiSend(setup.calls), operation: 1 },
      signers: [a0],
      executor: a0.address,
    })
    await gateway.indexers.get(CHAIN)?.sync()
    await gateway.recoveries.idle()
    // #0 follows the Safe's notifications (a web device, signed as the owner).
    const uuid = randomUUID()
    const timestamp = String(Math.floor(Date.now() / 1000))
    const hash = registrationHash({ timestamp, uuid, cloudMessagingToken: 'concord-web', safes: [safe] })
    const registered = await request('POST', '/v1/register/notifications', {
      uuid,
      cloudMessagingToken: 'concord-web',
      buildNumber: '1',
      bundle: 'concord',
      deviceType: 'WEB',
      version: '1.0.0',
      timestamp,
      safeRegistrations: [
        {
          chainId: String(CHAIN),
          safes: [safe],
          signatures: [await a0.signMessage({ message: { raw: hash } })],
        },
      ],
    })
    expect(registered.status, JSON.stringify(registered.body)).toBe(200)
    const announced = async () =>
      (
        (await request('GET', `/v1/notifications/devices/${uuid}/events`)).body.results as Record<
          string,
          unknown
        >[]
      ).filter((e) => e.type === 'RECOVERY_PROPOSED')

    // #5 queues an owner change: #4 replaces #0.
    const tx = recoveryTransaction(safe, [a0.address, a1.address], [a4.address, a1.address], 1)
    await client.waitForTransactionReceipt({
      hash: await client.writeContract({
        account: a5.address,
        address: setup.delay,
        abi: delayAbi,
        functionName: 'execTransactionFromModule',
        args: [tx.to, tx.value, tx.data, tx.operation],
      }),
    })
    await gateway.indexers.get(CHAIN)?.sync()
    await gateway.recoveries.idle()
    // Oracle: the Delay's own record of when it was queued.
    const createdAt = await client.readContract({
      address: setup.delay,
      abi: delayAbi,
      functionName: 'txCreatedAt',
      args: [0n],
    })
    await vi.waitFor(async () => expect(await announced()).toHaveLength(1))
    expect((await announced())[0]).toMatchObject({
      address: safe,
      delay: setup.delay,
      queueNonce: 0,
      newOwners: [a4.address, a1.address],
      newThreshold: 1,
      executableAt: Number(createdAt + COOLDOWN),
      expiresAt: null,
    })

    // More blocks, and (where the store outlives the process) a restart: still announced once.
    await client.mine({ blocks: 2 })
    await gateway.indexers.get(CHAIN)?.sync()
    await gateway.recoveries.idle()
    if (kind === 'postgres') {
      await gateway.stop()
      gateway = await createGateway(createDevnetTestConfig(devnet, { databaseUrl: database.url }))
      await gateway.indexers.get(CHAIN)?.sync()
      await gateway.recoveries.idle()
      expect(gateway.recoveries.status().failures).toBe(0)
    }
    await new Promise((resolve) => setImmediate(resolve))
    expect(await announced()).toHaveLength(1)
  })

  it('default: the demo "Recovery" Safe has its Delay enabled on chain, with #5 as recoverer and a 10-minute window', async () => {
    const scenario = devnet.scenario
    if (!scenario) throw new Error('the devnet runs without the demo')
    const safe = scenario.safes.recovery.address
    const [modules] = await devnet.client.readContract({
      address: safe,
      abi: safeAbi,
      functionName: 'getModulesPaginated',
      args: ['0x0000000000000000000000000000000000000001', 10n],
    })
    expect(modules).toEqual([scenario.recovery.delay])
    const answer = await request('GET', `/v1/chains/${CHAIN}/safes/${safe}/recovery`)
    expect(answer.body).toMatchObject({
      delays: [{ address: scenario.recovery.delay, recoverers: [a5.address], cooldown: 600, queue: [] }],
    })
  })

  it('error: an unknown Safe is 404 and a bad address 422', async () => {
    expect((await request('GET', `/v1/chains/${CHAIN}/safes/${a5.address}/recovery`)).status).toBe(404)
    expect((await request('GET', `/v1/chains/${CHAIN}/safes/0x12/recovery`)).status).toBe(422)
  })
})
