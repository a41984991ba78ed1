import { safeAbi, safeV141 } from '@concord/safe/contracts'
import {
  assessRisks,
  contractTargets,
  intendedOutflows,
  lookalikeOf,
  newRecipientRisks,
  noCodeRisks,
  paymentRecipients,
  simulationRisks,
} from '@concord/safe/risks'
import { encodeFunctionData, erc20Abi, maxUint256, parseAbi, toFunctionSelector, zeroAddress } from 'viem'
import { describe, expect, it } from 'vitest'
import { encodeMultiSendTransactions } from '../builders/multiSend'

const SAFE = '0x5afe5afE5afE5afE5afE5aFe5aFe5Afe5Afe5AfE'
const TOKEN = '0x5FbDB2315678afecb367f032d93F642f64180aa3'
const ALICE = '0x90F79bf6EB2c4f870365E785982E1f101E93b906'
// Alice's first and last four hex characters, another middle.
const POISON = `0x90f7${'0'.repeat(32)}b906` as const
const known = [{ address: ALICE, name: 'Alice' }]
const ctx = { safe: SAFE, known } as const
/** A multiSend of 1 wei to Alice and a call of TOKEN with `data`. */
const aliceAndTokenBatch = (data: `0x${string}`) =>
  encodeFunctionData({
    abi: parseAbi(['function multiSend(bytes transactions)']),
    args: [
      encodeMultiSendTransactions([
        { to: ALICE, value: 1n, data: '0x', operation: 0 },
        { to: TOKEN, value: 0n, data, operation: 0 },
      ]),
    ],
  })
const kinds = (call: Parameters<typeof assessRisks>[0]) =>
  assessRisks(call, ctx).map((r) => [r.kind, r.level])

describe('assessRisks', () => {
  it('default: a plain transfer to a known address carries no risk', () => {
    const data = encodeFunctionData({ abi: erc20Abi, functionName: 'transfer', args: [ALICE, 5n] })
    expect(assessRisks({ to: TOKEN, value: 0n, data, operation: 0 }, ctx)).toEqual([])
    expect(assessRisks({ to: ALICE, value: 1n, data: '0x', operation: 0 }, ctx)).toEqual([])
  })

  it('error: a DELEGATECALL to an untrusted contract blocks, with the characters to type to go on', () => {
    const [risk] = assessRisks({ to: ALICE, value: 0n, data: '0x12345678', operation: 1 }, ctx)
    expect(risk).toMatchObject({ kind: 'untrusted-delegatecall', level: 'block', confirmText: '93b906' })
    expect(assessRisks({ to: safeV141.multiSendCallOnly, value: 0n, data: '0x', operation: 1 }, ctx)).toEqual(
      [],
    )
  })

  it('behavior: changes of owners, threshold, modules, guard, fallback handler or singleton are high impact', () => {
    for (const [fn, args] of [
      ['addOwnerWithThreshold', [ALICE, 1n]],
      ['removeOwner', [ALICE, ALICE, 1n]],
      ['swapOwner', [ALICE, ALICE, ALICE]],
      ['changeThreshold', [2n]],
      ['enableModule', [ALICE]],
      ['setGuard', [ALICE]],
      ['setFallbackHandler', [ALICE]],
    ] as const) {
      const data = encodeFunctionData({ abi: safeAbi, functionName: fn, args } as never)
      expect(kinds({ to: SAFE, value: 0n, data, operation: 0 }), fn).toEqual([['safe-settings', 'high']])
    }
    const disable = encodeFunctionData({
      abi: parseAbi(['function disableModule(address prevModule, address module)']),
      args: [ALICE, ALICE],
    })
    expect(kinds({ to: SAFE, value: 0n, data: disable, operation: 0 })).toEqual([['safe-settings', 'high']])
    expect(toFunctionSelector('function changeMasterCopy(address)')).toBe('0x7de7edef')
  })

  it('behavior: unlimited approvals, approval for all, a token sent to its own contract', () => {
    const approve = encodeFunctionData({ abi: erc20Abi, functionName: 'approve', args: [ALICE, maxUint256] })
    expect(kinds({ to: TOKEN, value: 0n, data: approve, operation: 0 })).toEqual([
      ['unlimited-approval', 'warn'],
    ])
    const limited = encodeFunctionData({ abi: erc20Abi, functionName: 'approve', args: [ALICE, 10n] })
    expect(kinds({ to: TOKEN, value: 0n, data: limited, operation: 0 })).toEqual([])
    const all = encodeFunctionData({
      abi: parseAbi(['function setApprovalForAll(address operator, bool approved)']),
      args: [ALICE, true],
    })
    expect(kinds({ to: TOKEN, value: 0n, data: all, operation: 0 })).toEqual([['unlimited-approval', 'warn']])
    const self = encodeFunctionData({ abi: erc20Abi, functionName: 'transfer', args: [TOKEN, 5n] })
    expect(kinds({ to: TOKEN, value: 0n, data: self, operation: 0 })).toEqual([
      ['token-as-recipient', 'warn'],
    ])
  })

  it('behavior: a recipient that looks like a known address (address poisoning), also inside a batch', () => {
    expect(lookalikeOf(POISON, known)).toEqual(known[0])
    expect(lookalikeOf(ALICE, known)).toBeUndefined()
    const data = encodeFunctionData({ abi: erc20Abi, functionName: 'transfer', args: [POISON, 5n] })
    const batch = aliceAndTokenBatch(data)
    const risks = assessRisks({ to: safeV141.multiSendCallOnly, value: 0n, data: batch, operation: 1 }, ctx)
    expect(risks.map((r) => r.title)).toEqual([
      'Action 2: The recipient looks like Alice but is another address',
    ])
    expect(assessRisks({ to: POISON, value: 1n, data: '0x', operation: 0 }, ctx)[0]?.kind).toBe('lookalike')
    expect(lookalikeOf(zeroAddress, [{ address: 'not an address', name: 'x' }])).toBeUndefined()
  })
})

describe('noCodeRisks', () => {
  it('behavior: a call with data to an address without code is high impact, also inside a batch; plain sends are not checked', () => {
    const data = encodeFunctionData({ abi: erc20Abi, functionName: 'transfer', args: [ALICE, 5n] })
    const batch = aliceAndTokenBatch(data)
    const targets = contractTargets({ to: safeV141.multiSendCallOnly, value: 0n, data: batch, operation: 1 })
    expect(targets).toEqual([safeV141.multiSendCallOnly, TOKEN])
    expect(contractTargets({ to: ALICE, value: 1n, data: '0x', operation: 0 })).toEqual([])
    const code = new Map([
      [safeV141.multiSendCallOnly.toLowerCase(), '0x6080' as const],
      [TOKEN.toLowerCase(), '0x' as const],
    ])
    expect(noCodeRisks(targets, code)).toEqual([
      expect.objectContaining({
        kind: 'no-code',
        level: 'high',
        title: `${TOKEN} has no contract code on this chain`,
      }),
    ])
  })
})

describe('newRecipientRisks', () => {
  it('behavior: the recipients of sends and token transfers (batch included) the Safe never paid are a warning', () => {
    const BOB = '0x15d34AAf54267DB7D7c367839AAf71A00a2C6A65'
    const data = encodeFunctionData({ abi: erc20Abi, functionName: 'transfer', args: [BOB, 5n] })
    const batch = aliceAndTokenBatch(data)
    const recipients = paymentRecipients({
      to: safeV141.multiSendCallOnly,
      value: 0n,
      data: batch,
      operation: 1,
    })
    expect(recipients).toEqual([ALICE, BOB])
    const paid = new Map([
      [ALICE.toLowerCase(), true],
      [BOB.toLowerCase(), false],
    ])
    expect(newRecipientRisks(recipients, paid)).toEqual([
      expect.objectContaining({ kind: 'new-recipient', level: 'warn', title: `First payment to ${BOB}` }),
    ])
    // Unknown (another gateway, not indexed) says nothing; approvals and plain calls pay no one.
    expect(newRecipientRisks(recipients, new Map([[BOB.toLowerCase(), undefined]]))).toEqual([])
    const approve = encodeFunctionData({
      abi: parseAbi(['function approve(address,uint256)']),
      args: [BOB, 1n],
    })
    expect(paymentRecipients({ to: TOKEN, value: 0n, data: approve, operation: 0 })).toEqual([])
  })
})

describe('simulationRisks', () => {
  const usd = (before: bigint, change: bigint) => ({
    tokenAddress: TOKEN as string | null,
    symbol: 'cUSD',
    decimals: 6,
    before: String(before),
    after: String(before + change),
    change: String(change),
  })
  const simulation = (...balanceChanges: ReturnType<typeof usd>[]) => ({
    success: true,
    revertReason: null,
    gasUsed: '50000',
    balanceChanges,
  })
  const transfer = (amount: bigint) =>
    encodeFunctionData({ abi: erc20Abi, functionName: 'transfer', args: [ALICE, amount] })
  const call = (amount: bigint) => ({ to: TOKEN, value: 0n, data: transfer(amount), operation: 0 })

  it('default: the simulation moves what the call sends, a small share of the balance', () => {
    expect(simulationRisks(call(1_000_000n), SAFE, simulation(usd(10_000_000n, -1_000_000n)))).toEqual([])
    expect(intendedOutflows(call(5n), SAFE)).toEqual(new Map([[TOKEN.toLowerCase(), 5n]]))
  })

  it('error: an asset leaves that the call does not send; another amount than it sends', () => {
    const native = { ...usd(10n ** 18n, -(10n ** 17n)), tokenAddress: null, symbol: 'ETH', decimals: 18 }
    expect(simulationRisks(call(1n), SAFE, simulation(usd(100n, -1n), native)).map((r) => r.title)).toEqual([
      'The simulation shows 0.1 ETH leaving the Safe, which the call as decoded does not send',
    ])
    expect(
      simulationRisks(call(1_000_000n), SAFE, simulation(usd(10_000_000n, -1_100_000n)))[0],
    ).toMatchObject({
      kind: 'simulation-mismatch',
      title: 'The call sends 1 cUSD, the simulation moves 1.1 cUSD',
    })
  })

  it('behavior: more than half of an asset, or all of it, is marked', () => {
    expect(simulationRisks(call(6n), SAFE, simulation(usd(10n, -6n))).map((r) => [r.kind, r.title])).toEqual([
      ['large-share', 'Moves more than half of the Safe’s cUSD'],
    ])
    expect(simulationRisks(call(10n), SAFE, simulation(usd(10n, -10n)))[0]?.title).toBe(
      'Moves all of the Safe’s cUSD',
    )
    // A failed simulation says nothing about amounts.
    expect(simulationRisks(call(10n), SAFE, { ...simulation(usd(10n, -99n)), success: false })).toEqual([])
  })
})
