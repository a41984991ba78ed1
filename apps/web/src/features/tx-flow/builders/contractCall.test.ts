import { type AbiFunction, decodeFunctionData, parseAbi } from 'viem'
import { describe, expect, it } from 'vitest'
import { buildContractCall, functionLabel, parseAbiText, parseArgument, writeFunctions } from './contractCall'
import { KNOWN_ABIS } from './knownAbis'

const TO = '0x2222222222222222222222222222222222222222'
const ADDRESS = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'

describe('parseAbiText', () => {
  it('default: a JSON ABI, an artifact, or human-readable lines', () => {
    const json = JSON.stringify([
      { type: 'function', name: 'deposit', inputs: [], outputs: [], stateMutability: 'payable' },
    ])
    expect(parseAbiText(json)).toMatchObject({ ok: true, value: [{ name: 'deposit' }] })
    expect(parseAbiText(JSON.stringify({ abi: JSON.parse(json) }))).toMatchObject({ ok: true })
    expect(parseAbiText('function a(uint256 x);\nfunction b() view returns (uint256)')).toMatchObject({
      ok: true,
      value: [{ name: 'a' }, { name: 'b' }],
    })
  })

  it('error: broken JSON, entries without type, nonsense', () => {
    expect(parseAbiText('[{')).toMatchObject({ ok: false })
    expect(parseAbiText('[{"name": "x"}]')).toMatchObject({ ok: false })
    expect(parseAbiText('{"contractName": "X"}')).toMatchObject({ ok: false })
    expect(parseAbiText('hello world')).toMatchObject({ ok: false })
    expect(parseAbiText('  ')).toMatchObject({ ok: false })
  })
})

describe('writeFunctions', () => {
  it('default: only state-changing functions; legacy constant/payable flags are read', () => {
    const abi = [
      { type: 'function', name: 'get', inputs: [], outputs: [], constant: true },
      { type: 'function', name: 'pay', inputs: [], outputs: [], payable: true },
      { type: 'function', name: 'set', inputs: [{ name: 'v', type: 'uint8' }], outputs: [] },
      { type: 'event', name: 'E', inputs: [] },
    ] as never
    expect(writeFunctions(abi).map((fn) => [fn.name, fn.stateMutability])).toEqual([
      ['pay', 'payable'],
      ['set', 'nonpayable'],
    ])
  })

  it('behavior: the known ABIs offer their write methods, overloads told apart', () => {
    const erc721 = KNOWN_ABIS.find((abi) => abi.id === 'erc721')?.abi ?? []
    expect(writeFunctions(erc721).map(functionLabel)).toContain(
      'safeTransferFrom(address,address,uint256,bytes)',
    )
    const safe = KNOWN_ABIS.find((abi) => abi.id === 'safe')?.abi ?? []
    const names = writeFunctions(safe).map((fn) => fn.name)
    expect(names).toContain('addOwnerWithThreshold')
    expect(names).not.toContain('getOwners')
  })
})

describe('parseArgument', () => {
  const param = (type: string, components?: unknown) => ({ name: 'p', type, components }) as never
  it('default: scalars', () => {
    expect(parseArgument(param('address'), ADDRESS.toLowerCase())).toEqual({ ok: true, value: ADDRESS })
    expect(parseArgument(param('uint256'), '1000')).toEqual({ ok: true, value: 1000n })
    expect(parseArgument(param('uint256'), '0xff')).toEqual({ ok: true, value: 255n })
    expect(parseArgument(param('int8'), '-128')).toEqual({ ok: true, value: -128n })
    expect(parseArgument(param('bool'), 'true')).toEqual({ ok: true, value: true })
    expect(parseArgument(param('bytes'), '0xdeadbeef')).toEqual({ ok: true, value: '0xdeadbeef' })
    expect(parseArgument(param('bytes2'), '0xbeef')).toEqual({ ok: true, value: '0xbeef' })
    expect(parseArgument(param('string'), ' hi ')).toEqual({ ok: true, value: ' hi ' })
  })

  it('default: arrays and tuples as JSON', () => {
    expect(parseArgument(param('uint256[]'), '[1, "2"]')).toEqual({ ok: true, value: [1n, 2n] })
    expect(parseArgument(param('address[2]'), JSON.stringify([ADDRESS, ADDRESS]))).toMatchObject({ ok: true })
    const tuple = param('tuple', [
      { name: 'to', type: 'address' },
      { name: 'amounts', type: 'uint8[]' },
    ])
    expect(parseArgument(tuple, JSON.stringify([ADDRESS, [1, 2]]))).toEqual({
      ok: true,
      value: [ADDRESS, [1n, 2n]],
    })
    expect(parseArgument(tuple, JSON.stringify({ to: ADDRESS, amounts: [] }))).toEqual({
      ok: true,
      value: [ADDRESS, []],
    })
  })

  it('error: out of range, wrong sizes, bad JSON, unsafe numbers', () => {
    expect(parseArgument(param('uint8'), '256')).toMatchObject({ ok: false })
    expect(parseArgument(param('uint256'), '-1')).toMatchObject({ ok: false })
    expect(parseArgument(param('uint256'), '1.5')).toMatchObject({ ok: false })
    expect(parseArgument(param('bool'), 'yes')).toMatchObject({ ok: false })
    expect(parseArgument(param('bytes'), '0xabc')).toMatchObject({ ok: false })
    expect(parseArgument(param('bytes32'), '0xbeef')).toMatchObject({ ok: false })
    expect(parseArgument(param('address[2]'), JSON.stringify([ADDRESS]))).toMatchObject({ ok: false })
    expect(parseArgument(param('uint256[]'), '[1,')).toMatchObject({ ok: false })
    expect(parseArgument(param('uint256[]'), '[12345678901234567890]')).toMatchObject({ ok: false })
    expect(parseArgument(param('fixed128x18'), '1')).toMatchObject({ ok: false })
  })
})

describe('buildContractCall', () => {
  const [approve, deposit] = parseAbi([
    'function approve(address spender, uint256 amount) returns (bool)',
    'function deposit() payable',
  ]) as unknown as [AbiFunction, AbiFunction]

  it('default: encodes the chosen function', () => {
    const call = buildContractCall({ to: TO, fn: approve, args: [ADDRESS, 5n], value: 0n })
    if (!call.ok) throw new Error(call.error)
    expect(call.value).toMatchObject({ to: TO, value: 0n, operation: 0 })
    expect(decodeFunctionData({ abi: [approve], data: call.value.data }).args).toEqual([ADDRESS, 5n])
  })

  it('behavior: value only for payable functions', () => {
    expect(buildContractCall({ to: TO, fn: deposit, args: [], value: 1n })).toMatchObject({
      ok: true,
      value: { value: 1n, data: '0xd0e30db0' },
    })
    expect(buildContractCall({ to: TO, fn: approve, args: [ADDRESS, 5n], value: 1n })).toMatchObject({
      ok: false,
    })
  })

  it('error: arguments that do not fit', () => {
    expect(buildContractCall({ to: TO, fn: approve, args: [ADDRESS], value: 0n })).toMatchObject({
      ok: false,
    })
  })
})
