import { safeAbi, safeProxyFactoryAbi, safeV130, safeV141 } from '@concord/safe/contracts'
import { type Address, encodeFunctionData, zeroAddress } from 'viem'
import { describe, expect, it } from 'vitest'
import { replayPlan } from './replayCreation'

const OWNER: Address = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'
const OTHER: Address = '0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC'

const setup = (p: { to?: Address; data?: `0x${string}`; payment?: bigint } = {}) =>
  encodeFunctionData({
    abi: safeAbi,
    functionName: 'setup',
    args: [
      [OWNER],
      1n,
      p.to ?? zeroAddress,
      p.data ?? '0x',
      safeV141.compatibilityFallbackHandler,
      zeroAddress,
      p.payment ?? 0n,
      zeroAddress,
    ],
  })
const create = (initializer: `0x${string}`) =>
  encodeFunctionData({
    abi: safeProxyFactoryAbi,
    functionName: 'createProxyWithNonce',
    args: [safeV141.safeL2, initializer, 42n],
  })

describe('replayPlan', () => {
  it('default: a direct createProxyWithNonce with a plain setup replays with its singleton, initializer and salt', () => {
    const initializer = setup()
    expect(replayPlan({ to: safeV141.safeProxyFactory, input: create(initializer) })).toEqual({
      ok: true,
      factory: safeV141.safeProxyFactory,
      singleton: safeV141.safeL2,
      initializer,
      saltNonce: 42n,
      owners: [OWNER],
      threshold: 1n,
    })
    expect(replayPlan({ to: safeV130.safeProxyFactory, input: create(setup()) }).ok).toBe(true)
  })

  it('error: created through another contract, or by another call, it cannot be replayed', () => {
    expect(replayPlan({ to: OTHER, input: create(setup()) })).toMatchObject({
      ok: false,
      reason: expect.stringContaining(OTHER),
    })
    expect(replayPlan({ to: null, input: '0x' })).toMatchObject({ ok: false })
    expect(replayPlan({ to: safeV141.safeProxyFactory, input: '0x12345678' })).toMatchObject({
      ok: false,
      reason: 'Its creation transaction is not a createProxyWithNonce call.',
    })
  })

  it('error: a setup that calls a contract or pays a refund depends on the chain it ran on', () => {
    expect(
      replayPlan({ to: safeV141.safeProxyFactory, input: create(setup({ to: OTHER, data: '0x1234' })) }),
    ).toMatchObject({ ok: false, reason: expect.stringContaining(`also calls ${OTHER}`) })
    expect(
      replayPlan({ to: safeV141.safeProxyFactory, input: create(setup({ payment: 1n })) }),
    ).toMatchObject({
      ok: false,
      reason: expect.stringContaining('refund'),
    })
  })
})
