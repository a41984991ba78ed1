// Off-chain Safe messages (EIP-1271): what a message may be, the exact errors the Transaction Service seed gives
// for a bad one, and the Safe message hash the owners sign: EIP-712 `SafeMessage{bytes message}` in the Safe's
// domain, where `message` is the EIP-191 hash of a string or the EIP-712 hash of typed data, as the Safe Client
// Gateway's messages routes and Safe{Wallet} (safe-wallet-monorepo) compute it. The gateway checks and hashes
// with this; the web app signs with it, so the two cannot drift apart.
import { type Address, concat, type Hex, hashDomain, hashMessage, hashStruct, hashTypedData } from 'viem'

/** EIP-712 typed data as a dApp sends it for signing (eth_signTypedData_v4). */
export type TypedDataMessage = {
  domain: Record<string, unknown>
  types: Record<string, { name: string; type: string }[]>
  primaryType: string
  message: Record<string, unknown>
}

/** A message a Safe's owners sign: a string (EIP-191) or EIP-712 typed data. */
export type SafeMessageContent = string | TypedDataMessage

/** The seed's error texts, exactly. */
export const MESSAGE_ERRORS = {
  invalidTypedData: 'Invalid typed data',
  missingPrimaryType: 'Please specify primaryType',
  invalidType: 'Invalid message type',
} as const

/**
 * Bounds of what a message may be: the gateway faces the internet, so the size of what it hashes and stores is
 * capped (a string or the typed data's JSON, in UTF-16 code units), and so is the shape of typed data.
 */
export const MESSAGE_LIMITS = {
  maxLength: 64 * 1024,
  maxTypes: 64,
  maxFieldsPerType: 64,
  /** Nesting of objects and arrays inside typed data (its `message` included). */
  maxDepth: 16,
  maxNameLength: 256,
  /**
   * Values inside typed data (every object, array element and primitive of `domain` and `message`). Hashing
   * costs ~20–60 µs a value, so this bounds the CPU one message can cost the gateway to a few tens of ms.
   */
  maxValues: 1024,
} as const

export class InvalidMessageError extends Error {
  override name = 'InvalidMessageError'
}

const isRecord = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v)

// A NUL or an unpaired surrogate cannot be stored as JSON by PostgreSQL, and no wallet shows it faithfully.
// biome-ignore lint/suspicious/noControlCharactersInRegex: NUL is exactly what is refused
const UNSTORABLE = /\u0000|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/

/** Depth of nested objects/arrays, stopping as soon as it passes `limit`. */
function depthExceeds(value: unknown, limit: number, depth = 0): boolean {
  if (typeof value !== 'object' || value === null) return false
  if (depth >= limit) return true
  return Object.values(value).some((v) => depthExceeds(v, limit, depth + 1))
}

/** The values inside a message (its domain and message parts), the unit its hashing costs; a string is one. */
export function messageValues(message: SafeMessageContent): number {
  const count = (v: unknown): number =>
    typeof v === 'object' && v !== null ? Object.values(v).reduce((n: number, c) => n + count(c), 1) : 1
  return typeof message === 'string' ? 1 : count(message.domain) + count(message.message)
}

/** Hashes validateMessage computed, so a message is hashed once per request (hashing is its main cost). */
const validatedHashes = new WeakMap<TypedDataMessage, Hex>()

function hasUnstorableString(value: unknown): boolean {
  if (typeof value === 'string') return UNSTORABLE.test(value)
  if (typeof value !== 'object' || value === null) return false
  return Object.entries(value).some(([k, v]) => UNSTORABLE.test(k) || hasUnstorableString(v))
}

const validField = (f: unknown) =>
  isRecord(f) &&
  typeof f.name === 'string' &&
  typeof f.type === 'string' &&
  f.name.length <= MESSAGE_LIMITS.maxNameLength &&
  f.type.length > 0 &&
  f.type.length <= MESSAGE_LIMITS.maxNameLength

/**
 * The message if it is a string or well-formed EIP-712 typed data within MESSAGE_LIMITS; otherwise throws
 * InvalidMessageError with the seed's text (`Invalid message type`, `Invalid typed data`,
 * `Please specify primaryType`) or, for a size or content limit, a message naming it.
 *
 * @example validateMessage('hello') // 'hello'
 */
export function validateMessage(
  input: unknown,
  options: {
    /** Called with the typed data's values once its shape is checked, before it is hashed (a budget's spend). */
    beforeHash?: (values: number) => void
  } = {},
): SafeMessageContent {
  if (typeof input === 'string') {
    if (input.length > MESSAGE_LIMITS.maxLength)
      throw new InvalidMessageError(`Message too long (at most ${MESSAGE_LIMITS.maxLength} characters)`)
    if (UNSTORABLE.test(input))
      throw new InvalidMessageError('Invalid message: it holds a NUL character or an unpaired surrogate')
    return input
  }
  if (!isRecord(input)) throw new InvalidMessageError(MESSAGE_ERRORS.invalidType)
  if (depthExceeds(input, MESSAGE_LIMITS.maxDepth))
    throw new InvalidMessageError(`Typed data too deep (at most ${MESSAGE_LIMITS.maxDepth} levels)`)
  if (JSON.stringify(input).length > MESSAGE_LIMITS.maxLength)
    throw new InvalidMessageError(
      `Typed data too large (at most ${MESSAGE_LIMITS.maxLength} characters of JSON)`,
    )
  if (hasUnstorableString(input))
    throw new InvalidMessageError('Invalid typed data: it holds a NUL character or an unpaired surrogate')
  if (messageValues(input as TypedDataMessage) > MESSAGE_LIMITS.maxValues)
    throw new InvalidMessageError(`Typed data holds too many values (at most ${MESSAGE_LIMITS.maxValues})`)
  const { domain, types, message, primaryType } = input
  if (!isRecord(domain) || !isRecord(types) || !isRecord(message))
    throw new InvalidMessageError(MESSAGE_ERRORS.invalidTypedData)
  if (primaryType === undefined || primaryType === null || primaryType === '')
    throw new InvalidMessageError(MESSAGE_ERRORS.missingPrimaryType)
  if (typeof primaryType !== 'string') throw new InvalidMessageError(MESSAGE_ERRORS.invalidTypedData)
  const entries = Object.entries(types)
  if (entries.length > MESSAGE_LIMITS.maxTypes)
    throw new InvalidMessageError(`Typed data has too many types (at most ${MESSAGE_LIMITS.maxTypes})`)
  for (const [name, fields] of entries) {
    if (name.length > MESSAGE_LIMITS.maxNameLength || !Array.isArray(fields) || !fields.every(validField))
      throw new InvalidMessageError(MESSAGE_ERRORS.invalidTypedData)
    if (fields.length > MESSAGE_LIMITS.maxFieldsPerType)
      throw new InvalidMessageError(
        `Typed data type ${name} has too many fields (at most ${MESSAGE_LIMITS.maxFieldsPerType})`,
      )
  }
  if (primaryType !== 'EIP712Domain' && !(primaryType in types))
    throw new InvalidMessageError(MESSAGE_ERRORS.invalidTypedData)
  const typed: TypedDataMessage = {
    domain,
    types: types as TypedDataMessage['types'],
    primaryType,
    message,
  }
  options.beforeHash?.(messageValues(typed))
  // Values must fit their types (addresses, integer ranges, byte sizes): whatever viem cannot hash is invalid.
  try {
    validatedHashes.set(typed, messageHash(typed))
  } catch {
    throw new InvalidMessageError(MESSAGE_ERRORS.invalidTypedData)
  }
  return typed
}

/** The hash a dApp verifies against: EIP-191 of a string, EIP-712 of typed data. */
export function messageHash(message: SafeMessageContent): Hex {
  if (typeof message === 'string') return hashMessage(message)
  // biome-ignore lint/suspicious/noExplicitAny: typed data is checked at run time by validateMessage and viem
  return validatedHashes.get(message) ?? hashTypedData(message as any)
}

/** Whether the Safe's EIP-712 domain holds its chainId: from v1.3.0 on (earlier Safes sign without it). */
export function domainHasChainId(version: string): boolean {
  const [major = 0, minor = 0] = version.split('+')[0]?.split('.').map(Number) ?? []
  return major > 1 || (major === 1 && minor >= 3)
}

export type SafeRef = { version: string; chainId: number; address: Address }

const safeMessageTypes = { SafeMessage: [{ name: 'message', type: 'bytes' }] } as const

/**
 * What an owner signs for `message` (eth_signTypedData_v4): SafeMessage{message: messageHash(message)} in the
 * Safe's domain for its version.
 *
 * @example signTypedData({ account, ...safeMessageTypedData(safe, 'hello') })
 */
export function safeMessageTypedData(safe: SafeRef, message: SafeMessageContent) {
  return {
    domain: domainHasChainId(safe.version)
      ? { chainId: safe.chainId, verifyingContract: safe.address }
      : { verifyingContract: safe.address },
    types: safeMessageTypes,
    primaryType: 'SafeMessage',
    message: { message: messageHash(message) },
  } as const
}

/**
 * The Safe message hash: what owners sign and what identifies the message (the `messageHash` of the Client
 * Gateway's GET /v1/chains/{chainId}/messages/{messageHash}).
 */
export function safeMessageHash(safe: SafeRef, message: SafeMessageContent): Hex {
  return hashTypedData(safeMessageTypedData(safe, message))
}

/**
 * The EIP-712 encoding `0x1901 ‖ domainSeparator ‖ structHash` whose keccak is the Safe message hash: what a
 * Safe hands to an owner contract's legacy `isValidSignature(bytes, bytes)`.
 */
export function safeMessagePreimage(safe: SafeRef, message: SafeMessageContent): Hex {
  const typed = safeMessageTypedData(safe, message)
  const domainTypes = {
    EIP712Domain: [
      ...(domainHasChainId(safe.version) ? [{ name: 'chainId', type: 'uint256' }] : []),
      { name: 'verifyingContract', type: 'address' },
    ],
  } as const
  return concat([
    '0x1901',
    hashDomain({ domain: typed.domain as never, types: domainTypes as never }),
    hashStruct({ data: typed.message, primaryType: 'SafeMessage', types: typed.types }),
  ])
}
