import { concat, getAddress, type Hex, keccak256, pad, toHex } from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { describe, expect, it } from 'vitest'
import { countSignatures, encodeSignatures, parseSignatures, signatureLayoutProblem } from './signatures.ts'

const alice = privateKeyToAccount(keccak256(toHex('alice')))
const bob = privateKeyToAccount(keccak256(toHex('bob')))
const hash = keccak256(toHex('a safe tx'))

describe('parseSignatures', () => {
  it('attributes ECDSA, eth_sign and approved-hash parts to their owners', async () => {
    const ecdsa = await alice.sign({ hash })
    const ethSign = await bob.signMessage({ message: { raw: hash } })
    // eth_sign parts carry v + 4.
    const v = Number.parseInt(ethSign.slice(-2), 16) + 4
    const ethSignPart = `${ethSign.slice(0, -2)}${v.toString(16)}` as Hex
    const approved = concat([pad(alice.address), pad('0x'), '0x01'])
    const parsed = await parseSignatures(concat([ecdsa, ethSignPart, approved]), hash)
    expect(parsed.map((p) => [p.signer, p.type])).toEqual([
      [alice.address, 'EOA'],
      [bob.address, 'ETH_SIGN'],
      [alice.address, 'APPROVED_HASH'],
    ])
  })

  it('reads a contract signature with its dynamic part and stops at it', async () => {
    const contract = '0x00000000000000000000000000000000000000aA'
    const blob = '0xdeadbeef'
    const staticPart = concat([pad(contract), toHex(65, { size: 32 }), '0x00'])
    const parsed = await parseSignatures(concat([staticPart, toHex(4, { size: 32 }), blob]), hash)
    expect(parsed).toHaveLength(1)
    expect(parsed[0]?.type).toBe('CONTRACT_SIGNATURE')
    expect(parsed[0]?.signer).toBe('0x00000000000000000000000000000000000000AA')
    expect(parsed[0]?.signature.endsWith('deadbeef')).toBe(true)
  })
})

describe('countSignatures', () => {
  it('counts the static parts, not the contract signature data after them', async () => {
    const ecdsa = await alice.sign({ hash })
    const contract = '0x00000000000000000000000000000000000000aA'
    // EOA part, contract part pointing at offset 130, then 96 bytes of contract signature data.
    const staticPart = concat([pad(contract), toHex(130, { size: 32 }), '0x00'])
    const blob = `0x${'ab'.repeat(96)}` as Hex
    const signatures = concat([ecdsa, staticPart, toHex(96, { size: 32 }), blob])
    expect(Math.floor((signatures.length - 2) / 2 / 65)).toBe(3) // what counting 65-byte chunks says
    expect(countSignatures(signatures)).toBe(2)
    expect(countSignatures(signatures)).toBe((await parseSignatures(signatures, hash)).length)
    expect(countSignatures('0x')).toBe(0)
  })
})

describe('encodeSignatures', () => {
  it('sorts by signer and appends contract signature data, round-tripping through parseSignatures', async () => {
    const contract = '0x00000000000000000000000000000000000000aA'
    const blob = `0x${'cd'.repeat(70)}` as Hex
    const parts = [
      { signer: alice.address, signature: await alice.sign({ hash }) },
      {
        signer: contract as `0x${string}`,
        signature: concat([pad(contract), toHex(0, { size: 32 }), '0x00', toHex(70, { size: 32 }), blob]),
      },
      { signer: bob.address, signature: await bob.sign({ hash }) },
    ]
    const encoded = encodeSignatures(parts)
    const parsed = await parseSignatures(encoded, hash)
    const order = [...parts]
      .sort((a, b) => (BigInt(a.signer) < BigInt(b.signer) ? -1 : 1))
      .map((p) => p.signer)
    expect(parsed.map((p) => p.signer)).toEqual(order.map((a) => getAddress(a)))
    expect(parsed.find((p) => p.type === 'CONTRACT_SIGNATURE')?.signature.endsWith(blob.slice(2))).toBe(true)
    expect(countSignatures(encoded)).toBe(3)
  })
})

describe('signatureLayoutProblem', () => {
  const contract = '0x00000000000000000000000000000000000000aA'
  /** A contract signature's static part pointing at `offset`. */
  const contractPart = (offset: number) => concat([pad(contract), toHex(offset, { size: 32 }), '0x00'])
  const data = (bytes: Hex) => concat([toHex((bytes.length - 2) / 2, { size: 32 }), bytes])

  it('default: what encodeSignatures builds has every byte explained', async () => {
    const parts = [
      { signer: alice.address, signature: await alice.sign({ hash }) },
      { signer: contract as Hex, signature: concat([contractPart(0), data(`0x${'cd'.repeat(70)}`)]) },
      { signer: bob.address, signature: concat([pad(bob.address), pad('0x'), '0x01']) },
    ]
    expect(signatureLayoutProblem(encodeSignatures(parts))).toBeUndefined()
    expect(signatureLayoutProblem(await alice.sign({ hash }))).toBeUndefined()
    // A contract signature with empty data is still exactly its parts.
    expect(signatureLayoutProblem(concat([contractPart(65), toHex(0, { size: 32 })]))).toBeUndefined()
  })

  it('error: one valid ECDSA signature plus one trailing byte', async () => {
    expect(signatureLayoutProblem(concat([await alice.sign({ hash }), '0x00']))).toBe(
      '1 byte after the last signature belongs to no signature',
    )
  })

  it('error: bytes after a contract signature, a gap before its data, data past the end, two parts sharing data', async () => {
    const ecdsa = await alice.sign({ hash })
    const blob = data('0xdeadbeef')
    expect(signatureLayoutProblem(concat([contractPart(65), blob, '0xffff']))).toBe(
      '2 bytes after the last signature belong to no signature',
    )
    expect(signatureLayoutProblem(concat([contractPart(97), pad('0x'), blob]))).toBe(
      'the data of signature 1 starts at byte 97, not at byte 65 right after the parts before it',
    )
    expect(signatureLayoutProblem(concat([contractPart(65), toHex(100, { size: 32 }), '0xdeadbeef']))).toBe(
      'the data of signature 1 runs past the end',
    )
    expect(signatureLayoutProblem(concat([contractPart(130), contractPart(130), blob]))).toBe(
      'the data of signature 2 starts at byte 130, not at byte 166 right after the parts before it',
    )
    // An offset into the static parts (the Safe would read a signature as data).
    expect(signatureLayoutProblem(concat([ecdsa, contractPart(0), blob]))).toMatch(/starts at byte 0/)
    // An offset word far past any length.
    expect(signatureLayoutProblem(concat([pad(contract), `0x${'ff'.repeat(32)}`, '0x00']))).toBe(
      'the data of signature 1 runs past the end',
    )
  })
})
