// A Safe transaction as a link anyone can check: its fields in the URL fragment of /verify (a fragment is never
// sent to any server), read back with every field validated. The hashes come from the fields alone.
import type * as SafeTx from '@concord/safe/SafeTx'
import { type Address, getAddress, type Hex, isAddress, isHex, zeroAddress } from 'viem'

/** Safe versions whose transaction domain holds the chainId (1.3.0 on): the ones this page hashes. */
export const VERIFY_VERSIONS = ['1.3.0', '1.4.1', '1.5.0'] as const

export type VerifyInput = { chainId: number; safe: Address; version: string; tx: SafeTx.SafeTx }

/** The form's text fields, as typed or read from a link. */
export type VerifyFields = Record<(typeof FIELD_NAMES)[number], string>

export const FIELD_NAMES = [
  'chainId',
  'safe',
  'version',
  'to',
  'value',
  'data',
  'operation',
  'safeTxGas',
  'baseGas',
  'gasPrice',
  'gasToken',
  'refundReceiver',
  'nonce',
] as const

export const EMPTY_FIELDS: VerifyFields = {
  chainId: '',
  safe: '',
  version: '1.4.1',
  to: '',
  value: '0',
  data: '0x',
  operation: '0',
  safeTxGas: '0',
  baseGas: '0',
  gasPrice: '0',
  gasToken: zeroAddress,
  refundReceiver: zeroAddress,
  nonce: '',
}

const UINT256_MAX = 2n ** 256n - 1n

type Problem = { problem: string }

function uint(name: string, text: string, max = UINT256_MAX): bigint | Problem {
  const value = text.trim()
  if (!/^\d+$/.test(value)) return { problem: `${name}: expected a whole number` }
  const n = BigInt(value)
  return n > max ? { problem: `${name}: too large` } : n
}

function address(name: string, text: string): Address | Problem {
  const value = text.trim()
  if (!isAddress(value, { strict: false }))
    return { problem: `${name}: expected an address (0x and 40 hex digits)` }
  // A mixed-case address must carry a valid checksum: a typo is caught, not silently hashed.
  if (value !== value.toLowerCase() && value.slice(2) !== value.slice(2).toUpperCase() && !isAddress(value))
    return { problem: `${name}: the address's checksum is wrong (a typo?)` }
  return getAddress(value)
}

/** The fields as a transaction to hash, or the problem of each field that is not right. */
export function parseVerifyFields(
  f: VerifyFields,
): { ok: true; value: VerifyInput } | { ok: false; errors: string[] } {
  const errors: string[] = []
  const take = <T>(result: T | Problem): T | undefined => {
    if (typeof result === 'object' && result !== null && 'problem' in result) {
      errors.push(result.problem)
      return undefined
    }
    return result as T
  }
  const chainId = take(uint('Chain id', f.chainId, 2n ** 53n - 1n))
  const safe = take(address('Safe', f.safe))
  if (!(VERIFY_VERSIONS as readonly string[]).includes(f.version.trim()))
    errors.push(
      `Safe version: one of ${VERIFY_VERSIONS.join(', ')} (earlier Safes hash without the chain id)`,
    )
  const to = take(address('To', f.to))
  const value = take(uint('Value', f.value))
  const data = f.data.trim() === '' ? '0x' : f.data.trim()
  if (!isHex(data) || data.length % 2 !== 0) errors.push('Data: expected hex bytes (0x…)')
  const operation = f.operation.trim()
  if (operation !== '0' && operation !== '1') errors.push('Operation: 0 (call) or 1 (delegatecall)')
  const safeTxGas = take(uint('safeTxGas', f.safeTxGas))
  const baseGas = take(uint('baseGas', f.baseGas))
  const gasPrice = take(uint('gasPrice', f.gasPrice))
  const gasToken = take(address('Gas token', f.gasToken))
  const refundReceiver = take(address('Refund receiver', f.refundReceiver))
  const nonce = take(uint('Nonce', f.nonce))
  if (errors.length) return { ok: false, errors }
  return {
    ok: true,
    value: {
      chainId: Number(chainId),
      safe: safe as Address,
      version: f.version.trim(),
      tx: {
        to: to as Address,
        value: value as bigint,
        data: data.toLowerCase() as Hex,
        operation: Number(operation) as SafeTx.Operation,
        safeTxGas: safeTxGas as bigint,
        baseGas: baseGas as bigint,
        gasPrice: gasPrice as bigint,
        gasToken: gasToken as Address,
        refundReceiver: refundReceiver as Address,
        nonce: nonce as bigint,
      },
    },
  }
}

/**
 * The fragment (`#chainId=…&safe=…`) of the /verify link for a transaction; without a version the page offers
 * its default (every version it hashes gives the same hashes: the domain is the same from 1.3.0 on).
 */
export function verifyFragment(
  input: Omit<VerifyInput, 'version'> & { version?: string | undefined },
): string {
  return `#${new URLSearchParams(verifyFieldsOf(input)).toString()}`
}

/** A transaction as the page's text fields (numbers in decimal), in the order of the form; no version when none. */
export function verifyFieldsOf(
  input: Omit<VerifyInput, 'version'> & { version?: string | undefined },
): Partial<VerifyFields> {
  const { tx } = input
  return {
    chainId: String(input.chainId),
    safe: input.safe,
    ...(input.version ? { version: input.version } : {}),
    to: tx.to,
    value: String(tx.value),
    data: tx.data,
    operation: String(tx.operation),
    safeTxGas: String(tx.safeTxGas),
    baseGas: String(tx.baseGas),
    gasPrice: String(tx.gasPrice),
    gasToken: tx.gasToken,
    refundReceiver: tx.refundReceiver,
    nonce: String(tx.nonce),
  }
}

/**
 * The fields of a /verify link or fragment (whatever else the link holds is ignored); the defaults for those
 * it leaves out, or undefined when it names none of them.
 */
export function fieldsFromLink(link: string): VerifyFields | undefined {
  const hash = link.includes('#') ? link.slice(link.indexOf('#') + 1) : link
  const params = new URLSearchParams(hash)
  if (!FIELD_NAMES.some((name) => params.has(name))) return undefined
  const fields = { ...EMPTY_FIELDS }
  for (const name of FIELD_NAMES) {
    const value = params.get(name)
    if (value !== null) fields[name] = value.slice(0, 200_000)
  }
  return fields
}
