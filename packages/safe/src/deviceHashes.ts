// What a hardware wallet shows before it signs EIP-712 typed data it cannot display field by field: the domain
// separator and the message (struct) hash, the two halves of the digest it signs. Ledger and Trezor label
// them "Domain hash" and "Message hash"; the digest is keccak256(0x1901 ‖ domain hash ‖ message hash).
import { getTypesForEIP712Domain, type Hex, hashDomain, hashStruct, hashTypedData } from 'viem'

export type DeviceHashes = {
  domainHash: Hex
  messageHash: Hex
  /** The digest signed: keccak256(0x1901 ‖ domainHash ‖ messageHash). */
  digest: Hex
}

/** Typed data as signTypedData takes it (any primary type). */
export type TypedDataLike = {
  domain?: Record<string, unknown> | undefined
  types: Record<string, readonly { name: string; type: string }[]>
  primaryType: string
  message: Record<string, unknown>
}

export function deviceHashes(typed: TypedDataLike): DeviceHashes {
  const domain = typed.domain ?? {}
  const types = { EIP712Domain: getTypesForEIP712Domain({ domain }), ...typed.types }
  return {
    domainHash: hashDomain({ domain, types } as Parameters<typeof hashDomain>[0]),
    messageHash: hashStruct({ data: typed.message, primaryType: typed.primaryType, types } as Parameters<
      typeof hashStruct
    >[0]),
    digest: hashTypedData(typed as Parameters<typeof hashTypedData>[0]),
  }
}
