import { hashTypedData, keccak256, toHex, zeroAddress } from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { describe, expect, it } from 'vitest'
import * as SafeTx from './SafeTx.ts'
import { verifySafeTx } from './verifySafeTx.ts'

const owner = privateKeyToAccount(keccak256(toHex('owner')))
const stranger = privateKeyToAccount(keccak256(toHex('stranger')))
const safe = '0x5afe5afE5afE5afE5afE5aFe5aFe5Afe5Afe5AfE'
const tx = SafeTx.from({ to: zeroAddress, value: 1n, nonce: 4n })
const hash = SafeTx.hash(tx, { chainId: 1, address: safe })

describe('verifySafeTx', () => {
  it('accepts a matching hash and an owner confirmation, and gives the hardware-wallet hashes', async () => {
    const check = await verifySafeTx({
      chainId: 1,
      safe,
      tx,
      claimedSafeTxHash: hash,
      confirmations: [{ signer: owner.address, signature: await owner.sign({ hash }) }],
      owners: [owner.address],
    })
    expect(check.problems).toEqual([])
    expect(check.confirmedBy).toEqual([owner.address])
    expect(check.safeTxHash).toBe(hash)
    expect(hashTypedData(SafeTx.getTypedData(tx, { chainId: 1, address: safe }))).toBe(
      keccak256(`0x1901${check.domainHash.slice(2)}${check.messageHash.slice(2)}`),
    )
  })

  it('flags a hash that does not match the fields, a forged and a non-owner confirmation', async () => {
    const check = await verifySafeTx({
      chainId: 1,
      safe,
      tx: { ...tx, value: 2n }, // what the user is shown differs from what was signed
      claimedSafeTxHash: hash,
      confirmations: [
        { signer: owner.address, signature: await stranger.sign({ hash }) },
        {
          signer: stranger.address,
          signature: await stranger.sign({
            hash: SafeTx.hash({ ...tx, value: 2n }, { chainId: 1, address: safe }),
          }),
        },
      ],
      owners: [owner.address],
    })
    expect(check.problems).toHaveLength(3)
    expect(check.confirmedBy).toEqual([])
  })

  it('error: a confirmation with bytes after its signature is not counted', async () => {
    const signature = `${await owner.sign({ hash })}00` as const
    const check = await verifySafeTx({
      chainId: 1,
      safe,
      tx,
      confirmations: [{ signer: owner.address, signature }],
      owners: [owner.address],
    })
    expect(check.problems).toEqual([
      `The confirmation from ${owner.address} carries 1 byte that are no part of its signature`,
    ])
    expect(check.confirmedBy).toEqual([])
  })
})
