// The encodings against the passkey package's own TypeScript helpers (its dist/src/utils/webauthn.js, which its
// contract tests use) and Node's base64url, as independent oracles.
import { createRequire } from 'node:module'
import { bytesToHex, hexToBytes, keccak256, toHex } from 'viem'
import { describe, expect, it } from 'vitest'
import {
  base64UrlChallenge,
  clientDataChallenge,
  clientDataFields,
  encodeWebAuthnSignature,
  passkeyContractSignature,
  passkeyVerifiers,
} from './passkeys.ts'

const require = createRequire(import.meta.url)
const upstream = require('@safe-global/safe-passkey/dist/src/utils/webauthn.js') as {
  getSignatureBytes(p: {
    authenticatorData: Uint8Array
    clientDataFields: string
    r: bigint
    s: bigint
  }): string
  base64UrlEncode(data: string): string
}

const hash = keccak256(toHex('passkey'))
const clientDataJSON = `{"type":"webauthn.get","challenge":"${base64UrlChallenge(hash)}","origin":"http://localhost:5173","crossOrigin":false}`
const authenticatorData = bytesToHex(new Uint8Array([...new Uint8Array(32).fill(7), 0x05, 0, 0, 0, 1]))

describe('passkey signatures', () => {
  it('default: the challenge is the hash in base64url, as the package and Node encode it', () => {
    expect(base64UrlChallenge(hash)).toBe(upstream.base64UrlEncode(hash))
    expect(base64UrlChallenge(hash)).toBe(Buffer.from(hexToBytes(hash)).toString('base64url'))
    expect(clientDataChallenge(clientDataJSON)).toBe(base64UrlChallenge(hash))
  })

  it('default: the signature bytes are those of the package helper', () => {
    const r = 2n ** 255n + 12345n
    const s = 987654321n
    expect(encodeWebAuthnSignature({ authenticatorData, clientDataJSON, r, s })).toBe(
      upstream.getSignatureBytes({
        authenticatorData: hexToBytes(authenticatorData),
        clientDataFields: '"origin":"http://localhost:5173","crossOrigin":false',
        r,
        s,
      }),
    )
  })

  it('edge: client data of another ceremony or with another layout is refused', () => {
    expect(() => clientDataFields(clientDataJSON.replace('webauthn.get', 'webauthn.create'))).toThrow()
    expect(() =>
      clientDataFields(`{"challenge":"${base64UrlChallenge(hash)}","type":"webauthn.get"}`),
    ).toThrow()
  })

  it('default: one contract signature is r = signer, s = 65, v = 0, then the length-prefixed data', () => {
    const signer = '0x00000000000000000000000000000000000000aA'
    const data = '0x1234'
    const word = (hex: string) => hex.padStart(64, '0')
    expect(passkeyContractSignature(signer, data)).toBe(
      `0x${word(signer.slice(2).toLowerCase())}${word('41')}00${word('02')}1234`,
    )
    expect(passkeyVerifiers('0x0000000000000000000000000000000000000001', 0x100n)).toBe((0x100n << 160n) | 1n)
  })
})
