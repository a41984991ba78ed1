// Passkey owners through Safe's passkey module (`@safe-global/safe-passkey` v0.2.0): a WebAuthn P-256 credential
// becomes an owner as a SafeWebAuthnSigner proxy the factory deploys for its public key. The proxy answers EIP-1271
// `isValidSignature` for a WebAuthn assertion whose challenge is the 32-byte hash it is asked about (the SafeTx
// hash, for a Safe confirmation: Safe <= 1.4.1 passes the hash preimage to the legacy form, which hashes it).
import {
  type Address,
  concat,
  encodeAbiParameters,
  encodeFunctionData,
  getAddress,
  type Hex,
  pad,
  parseAbi,
  size,
  toHex,
} from 'viem'
import { passkeyContracts, registryDaimoVerifier } from './modules.ts'

export const webAuthnSignerFactoryAbi = parseAbi([
  'function createSigner(uint256 x, uint256 y, uint176 verifiers) returns (address signer)',
  'function getSigner(uint256 x, uint256 y, uint176 verifiers) view returns (address signer)',
  'event Created(address indexed signer, uint256 x, uint256 y, uint176 verifiers)',
])

export const webAuthnSignerAbi = parseAbi([
  'function isValidSignature(bytes32 message, bytes signature) view returns (bytes4)',
  'function getConfiguration() view returns (uint256 x, uint256 y, uint176 verifiers)',
])

/** What `isValidSignature(bytes32, bytes)` returns for a valid signature (EIP-1271). */
export const EIP1271_MAGIC_VALUE = '0x1626ba7e'

export type P256PublicKey = { x: bigint; y: bigint }

/**
 * The passkey module's `P256.Verifiers`: the precompile address in the upper bits, the Solidity fallback verifier
 * in the lower 160. Precompile 0 means "no precompile" (the devnet has no RIP-7212 one), so every signature goes
 * to the fallback verifier.
 */
export function passkeyVerifiers(fallback: Address, precompile: bigint = 0n): bigint {
  return (precompile << 160n) | BigInt(getAddress(fallback))
}

/** The verifiers on the devnet: the package's FreshCryptoLib verifier, no precompile. */
export const concordPasskeyVerifiers = passkeyVerifiers(passkeyContracts.fclP256Verifier)

/** RIP-7212's P-256 precompile (Base, Optimism, Arbitrum, Polygon and others have it). */
export const RIP7212_PRECOMPILE = 0x100n

/**
 * The verifiers a passkey signer uses on a chain: where Safe publishes the Daimo P-256 verifier (the passkey
 * module's registry), the RIP-7212 precompile first and Daimo as the fallback (the module's P256 library falls back
 * when the precompile answers nothing, as on a chain without it); elsewhere (the devnet) the FCL verifier alone.
 * The signer's address depends on them, so a passkey's signer differs between the two kinds of chain.
 */
export function chainPasskeyVerifiers(chainId: number): { verifiers: bigint; fallback: Address } {
  const daimo = registryDaimoVerifier(chainId)
  return daimo
    ? { verifiers: passkeyVerifiers(daimo, RIP7212_PRECOMPILE), fallback: daimo }
    : { verifiers: concordPasskeyVerifiers, fallback: passkeyContracts.fclP256Verifier }
}

/** The factory call that deploys the signer of `key` (a no-op when it exists already). */
export const createSignerCall = (key: P256PublicKey, verifiers: bigint) => ({
  to: passkeyContracts.webAuthnSignerFactory as Address,
  value: 0n,
  data: encodeFunctionData({
    abi: webAuthnSignerFactoryAbi,
    functionName: 'createSigner',
    args: [key.x, key.y, verifiers],
  }),
  operation: 0 as const,
})

/**
 * The fields of a `webauthn.get` clientDataJSON after `type` and `challenge` (origin, crossOrigin, …), as the
 * signer contract rebuilds the JSON from them; throws when the JSON does not start as WebAuthn serializes it.
 */
export function clientDataFields(clientDataJSON: string): string {
  const match = /^\{"type":"webauthn\.get","challenge":"[A-Za-z0-9_-]{43}",(.*)\}$/s.exec(clientDataJSON)
  if (!match?.[1]) throw new Error('The authenticator returned client data in an unexpected form')
  return match[1]
}

/** The base64url challenge (no padding) inside a clientDataJSON: what the authenticator actually signed. */
export function clientDataChallenge(clientDataJSON: string): string | undefined {
  return /"challenge":"([A-Za-z0-9_-]+)"/.exec(clientDataJSON)?.[1]
}

/** A 32-byte hash as WebAuthn puts it in clientDataJSON: base64url without padding. */
export function base64UrlChallenge(hash: Hex): string {
  let binary = ''
  for (let i = 2; i < hash.length; i += 2)
    binary += String.fromCharCode(Number.parseInt(hash.slice(i, i + 2), 16))
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '')
}

export type WebAuthnAssertion = {
  authenticatorData: Hex
  clientDataJSON: string
  r: bigint
  s: bigint
}

/** The signer's signature bytes: abi.encode(authenticatorData, clientDataFields, r, s). */
export function encodeWebAuthnSignature(assertion: WebAuthnAssertion): Hex {
  return encodeAbiParameters(
    [{ type: 'bytes' }, { type: 'string' }, { type: 'uint256' }, { type: 'uint256' }],
    [assertion.authenticatorData, clientDataFields(assertion.clientDataJSON), assertion.r, assertion.s],
  )
}

/**
 * One owner's contract signature as the Safe reads it and a confirmation carries it (v = 0): the static part
 * {r = signer, s = 65 (its data right after this single part), v = 0}, then the data, length-prefixed.
 * `encodeSignatures` moves the offset when several signatures are joined.
 */
export function passkeyContractSignature(signer: Address, webAuthnSignature: Hex): Hex {
  return concat([
    pad(getAddress(signer).toLowerCase() as Hex),
    toHex(65, { size: 32 }),
    '0x00',
    toHex(size(webAuthnSignature), { size: 32 }),
    webAuthnSignature,
  ])
}
