import * as SafeTx from '@concord/safe/SafeTx'
import { encodeFunctionData, erc20Abi, type Hex } from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { describe, expect, it } from 'vitest'
import { addSignature, readSignedTx, signedTxFile, signedTxLink, signersOf } from './signedTx'
import { parseVerifyFields } from './verifyLink'

// Hardhat accounts #0 and #1 (public test keys).
const owner0 = privateKeyToAccount('0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80')
const owner1 = privateKeyToAccount('0x59c6995e998f97a5a0044966f0945389dc9e86dae88c7a8412f4603b6b78690d')
const SAFE = '0x5afe5afE5afE5afE5afE5aFe5aFe5Afe5Afe5AfE'
const TOKEN = '0x5FbDB2315678afecb367f032d93F642f64180aa3'
const data = encodeFunctionData({ abi: erc20Abi, functionName: 'transfer', args: [owner1.address, 5n] })
const input = {
  chainId: 31337,
  safe: SAFE,
  version: '1.4.1',
  tx: SafeTx.from({ to: TOKEN, data, nonce: 3n }),
} as const
const safeTxHash = SafeTx.hash(input.tx, { chainId: input.chainId, address: SAFE })

async function twoSignatures(): Promise<Hex> {
  const first = await owner0.sign({ hash: safeTxHash })
  const second = await owner1.sign({ hash: safeTxHash })
  const one = addSignature([], { signer: owner1.address, signature: second })
  return addSignature(await signersOf(one, safeTxHash), { signer: owner0.address, signature: first })
}

describe('signed transaction: link and file', () => {
  it('behavior: the link and the file carry the fields and the signatures; the signers recover', async () => {
    const signatures = await twoSignatures()
    for (const text of [
      signedTxLink('https://concord.example', input, signatures),
      signedTxFile(input, signatures),
    ]) {
      const read = readSignedTx(text)
      if (!read || 'problem' in read) throw new Error(`not read: ${JSON.stringify(read)}`)
      expect(parseVerifyFields(read.fields)).toEqual({ ok: true, value: input })
      expect(read.signatures).toBe(signatures)
      const signers = (await signersOf(read.signatures, safeTxHash)).map((part) => part.signer)
      // Sorted by signer address, as the Safe requires.
      expect(signers).toEqual(
        [owner0.address, owner1.address].sort((a, b) => (BigInt(a) < BigInt(b) ? -1 : 1)),
      )
    }
  })

  it('behavior: a signature for another transaction recovers to someone else (the page then shows no owner)', async () => {
    const signatures = await twoSignatures()
    const other = SafeTx.hash({ ...input.tx, nonce: 4n }, { chainId: input.chainId, address: SAFE })
    const signers = (await signersOf(signatures, other)).map((part) => part.signer)
    expect(signers).not.toContain(owner0.address)
    expect(signers).not.toContain(owner1.address)
  })

  it('behavior: adding a signer twice keeps one signature', async () => {
    const signatures = await twoSignatures()
    const again = addSignature(await signersOf(signatures, safeTxHash), {
      signer: owner0.address,
      signature: await owner0.sign({ hash: safeTxHash }),
    })
    expect((await signersOf(again, safeTxHash)).length).toBe(2)
  })

  it('error: malformed signatures, another file format, broken JSON; anything else is not read', async () => {
    const link = signedTxLink('https://concord.example', input, '0x')
    expect(readSignedTx(`${link}&signatures=0x1234`)).toEqual({
      problem: expect.stringMatching(/^The signatures are malformed/),
    })
    expect(readSignedTx(`${link}&signatures=zz`)).toEqual({ problem: 'The signatures are not hex bytes' })
    expect(readSignedTx('{"format":"something-else"}')).toEqual({
      problem: expect.stringMatching(/not a Concord transaction/),
    })
    expect(readSignedTx('{ nope')).toEqual({ problem: 'The file is not valid JSON' })
    expect(readSignedTx('hello')).toBeUndefined()
    // A link without signatures reads with none.
    expect(readSignedTx(link)).toMatchObject({
      signatures: '0x',
      fields: { nonce: '3', to: TOKEN },
    })
  })
})
