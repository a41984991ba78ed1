import { type BuildResult, fail, ok } from '../types'

const DECIMAL = /^(\d*)(?:\.(\d*))?$/

/**
 * A user-typed token amount in base units: `1.5` with 6 decimals → 1_500_000n. Unlike viem's parseUnits
 * it refuses more fraction digits than the token has (instead of rounding), signs, exponents and zero.
 */
export function parseAmount(input: string, decimals: number): BuildResult<bigint> {
  const text = input.trim()
  if (text === '') return fail('Enter an amount')
  const match = DECIMAL.exec(text)
  if (!match || text === '.') return fail('Enter a number such as 1.5 (digits and one decimal point)')
  const [, whole = '', fraction = ''] = match
  if (fraction.length > decimals)
    return fail(decimals === 0 ? 'This token has no decimals' : `At most ${decimals} decimals`)
  const value = BigInt(`${whole || '0'}${fraction.padEnd(decimals, '0')}`)
  if (value === 0n) return fail('The amount must be greater than 0')
  return ok(value)
}

/** parseAmount, then checked against what the Safe holds (balances are base-unit strings from the gateway). */
export function parseAmountWithin(
  input: string,
  decimals: number,
  balance: string | bigint,
): BuildResult<bigint> {
  const parsed = parseAmount(input, decimals)
  if (!parsed.ok) return parsed
  let available: bigint
  try {
    available = BigInt(balance)
  } catch {
    return fail('The balance of this token is unknown')
  }
  if (parsed.value > available) return fail('The amount is more than the Safe holds')
  return parsed
}
