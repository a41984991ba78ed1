// Reading the params of the requests that change something (sendTransactions, signMessage, signTypedMessage) and
// deciding how a message is signed. Pure: the frame hook and the tests share it.
import { safeV130, safeV141 } from '@concord/safe/contracts'
import { InvalidMessageError, type SafeMessageContent, validateMessage } from '@concord/safe/messages'
import {
  type Address,
  encodeFunctionData,
  getAddress,
  type Hex,
  hexToBytes,
  isAddress,
  isHex,
  parseAbi,
} from 'viem'
import { AppFacingError } from './protocol'

/** A call as the host's review builds it: CALLs only (an app never asks for a DELEGATECALL). */
export type AppCall = { to: Address; value: bigint; data: Hex; operation: 0 }

const isRecord = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v)

function parseValue(value: unknown, index: number): bigint {
  if (value === undefined || value === null || value === '') return 0n
  if (typeof value === 'number' && Number.isSafeInteger(value) && value >= 0) return BigInt(value)
  if (typeof value === 'string' && /^(0x[0-9a-f]+|\d+)$/i.test(value)) return BigInt(value)
  throw new AppFacingError(`Invalid transaction #${index}: value must be a non-negative integer (wei)`)
}

/**
 * The `{txs, params}` of sendTransactions as calls, with `params.safeTxGas` if given. Every problem is reported
 * to the app with the transaction's index (Safe{Wallet} answers a bare 'Request failed').
 */
export function readSendTransactions(params: unknown): { calls: AppCall[]; safeTxGas: bigint | undefined } {
  const txs = isRecord(params) ? params.txs : undefined
  if (!Array.isArray(txs) || txs.length === 0) throw new AppFacingError('No transactions were passed')
  const calls = txs.map((tx: unknown, index): AppCall => {
    if (!isRecord(tx)) throw new AppFacingError(`Invalid transaction #${index}: not an object`)
    if (typeof tx.to !== 'string' || !isAddress(tx.to, { strict: false }))
      throw new AppFacingError(`Invalid transaction #${index}: "to" is not an address`)
    const data = tx.data === undefined || tx.data === null || tx.data === '' ? '0x' : tx.data
    if (typeof data !== 'string' || !isHex(data) || data.length % 2 !== 0)
      throw new AppFacingError(`Invalid transaction #${index}: "data" is not hex bytes`)
    return { to: getAddress(tx.to), value: parseValue(tx.value, index), data: data as Hex, operation: 0 }
  })
  const gas = isRecord(params) && isRecord(params.params) ? params.params.safeTxGas : undefined
  const safeTxGas =
    typeof gas === 'number' && Number.isSafeInteger(gas) && gas >= 0
      ? BigInt(gas)
      : typeof gas === 'string' && /^\d+$/.test(gas)
        ? BigInt(gas)
        : undefined
  return { calls, safeTxGas }
}

/**
 * The text an owner sees and signs for a signMessage string: `0x…` hex that decodes as strict UTF-8 becomes that
 * text (what personal_sign sends), anything else is kept verbatim, so hashes match Safe{Wallet}'s.
 */
export function decodeAppMessage(message: string): string {
  if (!/^0x([0-9a-f]{2})+$/i.test(message)) return message
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(hexToBytes(message as Hex))
  } catch {
    return message
  }
}

export function readSignMessage(params: unknown): SafeMessageContent {
  const message = isRecord(params) ? params.message : undefined
  if (typeof message !== 'string') throw new AppFacingError('Invalid message: expected a string')
  return toMessage(decodeAppMessage(message))
}

/** The single type no other type refers to (the SDK's rule when primaryType is missing), EIP712Domain aside. */
export function inferPrimaryType(types: Record<string, unknown>): string | undefined {
  const names = Object.keys(types).filter((name) => name !== 'EIP712Domain')
  const referenced = new Set(
    Object.values(types).flatMap((fields) =>
      Array.isArray(fields)
        ? fields.map((f) => (isRecord(f) && typeof f.type === 'string' ? f.type.replace(/\[\d*\]/g, '') : ''))
        : [],
    ),
  )
  const roots = names.filter((name) => !referenced.has(name))
  return roots.length === 1 ? roots[0] : undefined
}

export function readSignTypedMessage(params: unknown): SafeMessageContent {
  const typed = isRecord(params) ? params.typedData : undefined
  if (!isRecord(typed) || !isRecord(typed.domain) || !isRecord(typed.types) || !isRecord(typed.message))
    throw new AppFacingError('Invalid typed data')
  const primaryType = typed.primaryType ?? inferPrimaryType(typed.types)
  if (primaryType === undefined) throw new AppFacingError('Please specify primaryType')
  // The SDK accepts a string or { toNumber() } chainId; what survives postMessage is a string or a number.
  const { chainId } = typed.domain
  const domain =
    typeof chainId === 'string' && /^(0x[0-9a-f]+|\d+)$/i.test(chainId)
      ? { ...typed.domain, chainId: Number(chainId) }
      : typed.domain
  return toMessage({ domain, types: typed.types, message: typed.message, primaryType })
}

function toMessage(input: unknown): SafeMessageContent {
  try {
    return validateMessage(input)
  } catch (error) {
    if (error instanceof InvalidMessageError) throw new AppFacingError(error.message)
    throw error
  }
}

/** `major.minor.patch` ≥ `min`; false for anything that is not semver (then the app is signed for on-chain). */
export function versionAtLeast(version: string, min: string): boolean {
  const parse = (v: string) => /^v?(\d+)\.(\d+)\.(\d+)(?:[-+].*)?$/.exec(v.trim())?.slice(1).map(Number)
  const a = parse(version)
  const b = parse(min)
  if (!a || !b) return false
  for (let i = 0; i < 3; i++) if ((a[i] ?? 0) !== (b[i] ?? 0)) return (a[i] ?? 0) > (b[i] ?? 0)
  return true
}

/** Safe Apps SDK releases before this one cannot take an off-chain signature. */
export const OFF_CHAIN_MIN_SDK = '7.11.0'

export type SigningContext = {
  safeVersion: string | null
  fallbackHandler: string | null
  chainFeatures: readonly string[]
  /** The request's env.sdkVersion (absent: not checked, as Safe{Wallet} does). */
  sdkVersion: string | undefined
  /** The app's `safe_setSettings({offChainSigning})`, true until it says otherwise. */
  offChainSetting: boolean
}

/** Off-chain (EIP-1271 through the gateway's messages) or on-chain (SignMessageLib) for this request. */
export function signingMode(p: SigningContext): 'offChain' | 'onChain' {
  const versionOk = p.sdkVersion === undefined || versionAtLeast(p.sdkVersion, OFF_CHAIN_MIN_SDK)
  const handlerOk =
    p.safeVersion !== null &&
    (!versionAtLeast(p.safeVersion.split('+')[0] ?? '', '1.3.0') ||
      (p.fallbackHandler !== null && !/^0x0{40}$/i.test(p.fallbackHandler)))
  return p.offChainSetting && versionOk && handlerOk && p.chainFeatures.includes('EIP1271')
    ? 'offChain'
    : 'onChain'
}

const signMessageLibAbi = parseAbi(['function signMessage(bytes _data)'])

/** SignMessageLib of the Safe's version (canonical), called by DELEGATECALL to mark a hash signed on chain. */
export function signMessageLibFor(version: string | null): Address | undefined {
  const base = /^(\d+\.\d+\.\d+)/.exec(version ?? '')?.[1]
  return base === '1.4.1' ? safeV141.signMessageLib : base === '1.3.0' ? safeV130.signMessageLib : undefined
}

/** The DELEGATECALL that records `hash` (EIP-191 or EIP-712 hash of the message) in the Safe's signedMessages. */
export function onChainSignCall(version: string | null, hash: Hex) {
  const lib = signMessageLibFor(version)
  if (!lib) throw new AppFacingError(`On-chain signing needs a Safe of version 1.4.1 or 1.3.0`)
  return {
    to: lib,
    value: 0n,
    data: encodeFunctionData({ abi: signMessageLibAbi, functionName: 'signMessage', args: [hash] }),
    operation: 1 as const,
  }
}
