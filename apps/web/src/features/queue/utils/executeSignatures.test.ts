import { parseSignatures, preValidatedSignature } from '@concord/safe/signatures'
import { type Address, concat, getAddress, type Hex, hexToNumber, pad, size, slice, toHex } from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { describe, expect, it } from 'vitest'
import { buildExecuteSignatures } from './executeSignatures'

// Hardhat test accounts #0–#2 (public test mnemonic).
const keys = [
  '0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80',
  '0x59c6995e998f97a5a0044966f0945389dc9e86dae88c7a8412f4603b6b78690d',
  '0x5de4111afa1a4b94908f83103eb1f1706367c2e68ca870fc3fb9a804cdab365a',
] as const
const [a0, a1, a2] = keys.map((key) => privateKeyToAccount(key))
const owners = [a2!.address, a0!.address, a1!.address]
const hash = `0x${'ab'.repeat(32)}` as Hex
const sign = (account: typeof a0) => account!.sign({ hash })

describe('buildExecuteSignatures', () => {
  it('default: signatures ascending by signer, each recovering to its owner', async () => {
    const signatures = [
      { signer: a2!.address, signature: await sign(a2) },
      { signer: a0!.address, signature: await sign(a0) },
    ]
    const result = buildExecuteSignatures({ signatures, owners })
    const sortedSigners = [a0!.address, a2!.address].sort((x, y) => (BigInt(x) < BigInt(y) ? -1 : 1))
    expect(result.signers).toEqual(sortedSigners)
    expect(size(result.signatures)).toBe(130)
    const parsed = await parseSignatures(result.signatures, hash)
    expect(parsed.map((p) => [p.signer, p.type])).toEqual(sortedSigners.map((s) => [s, 'EOA']))
  })

  it('args: executor that has not signed adds its pre-validated signature (v = 1) in its place', async () => {
    const result = buildExecuteSignatures({
      signatures: [{ signer: a2!.address, signature: await sign(a2) }],
      executor: a1!.address,
      owners,
    })
    const parsed = await parseSignatures(result.signatures, hash)
    const bySigner = Object.fromEntries(parsed.map((p) => [p.signer, p.type]))
    expect(bySigner).toEqual({ [a2!.address]: 'EOA', [a1!.address]: 'APPROVED_HASH' })
    expect(parsed.map((p) => p.signer)).toEqual(result.signers)
    expect(BigInt(result.signers[0]!) < BigInt(result.signers[1]!)).toBe(true)
    expect(preValidatedSignature(a1!.address)).toBe(
      concat([pad(a1!.address, { size: 32 }), `0x${'00'.repeat(32)}`, '0x01']),
    )
  })

  it('behavior: executor that already signed keeps its signature; non-owners and duplicates are dropped', async () => {
    const stranger = privateKeyToAccount(`0x${'11'.repeat(32)}`)
    const mine = await sign(a0)
    const result = buildExecuteSignatures({
      signatures: [
        { signer: a0!.address, signature: mine },
        { signer: a0!.address.toLowerCase() as Address, signature: mine },
        { signer: stranger.address, signature: await stranger.sign({ hash }) },
      ],
      executor: a0!.address,
      owners,
    })
    expect(result.signers).toEqual([a0!.address])
    expect(result.signatures).toBe(mine)
  })

  it('behavior: contract signatures get their data appended with recomputed offsets', () => {
    const contractA = getAddress('0x00000000000000000000000000000000000000aa')
    const contractB = getAddress('0x00000000000000000000000000000000000000bb')
    const contractSignature = (signer: Address, data: Hex, staleOffset: number) =>
      concat([
        pad(signer, { size: 32 }),
        toHex(staleOffset, { size: 32 }),
        '0x00',
        toHex(size(data), { size: 32 }),
        data,
      ])
    const dataA = '0x1234'
    const dataB = `0x${'cd'.repeat(40)}` as Hex
    const result = buildExecuteSignatures({
      signatures: [
        { signer: contractB, signature: contractSignature(contractB, dataB, 65) },
        { signer: contractA, signature: contractSignature(contractA, dataA, 999) },
      ],
      owners: [contractA, contractB],
    })
    expect(result.signers).toEqual([contractA, contractB])
    const offsetOf = (index: number) =>
      hexToNumber(slice(result.signatures, index * 65 + 32, index * 65 + 64))
    expect(offsetOf(0)).toBe(130)
    expect(offsetOf(1)).toBe(130 + 32 + 2)
    const dataAt = (offset: number) => {
      const length = hexToNumber(slice(result.signatures, offset, offset + 32))
      return slice(result.signatures, offset + 32, offset + 32 + length)
    }
    expect(dataAt(offsetOf(0))).toBe(dataA)
    expect(dataAt(offsetOf(1))).toBe(dataB)
  })
})
