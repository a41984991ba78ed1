/** The chain's native currency as the gateway describes it (ChainInfo.nativeCurrency). */
export type NativeCurrency = { symbol: string; decimals: number }

/**
 * An amount in the native currency's base units (wei) with its symbol: `312456000000000` → `0.0003124 ETH`.
 * Amounts of one or more show up to 6 decimals; smaller ones keep 4 significant digits, so a fee of a fraction
 * of a gwei on a cheap chain still reads as a number rather than 0. Digits are cut, not rounded (no floats).
 */
export function formatNativeAmount(amount: bigint, currency: NativeCurrency): string {
  const places = Number.isInteger(currency.decimals) && currency.decimals > 0 ? currency.decimals : 0
  const negative = amount < 0n
  const abs = negative ? -amount : amount
  const base = 10n ** BigInt(places)
  const integer = abs / base
  const fraction = places ? (abs % base).toString().padStart(places, '0') : ''
  const firstDigit = fraction.search(/[1-9]/)
  const kept = integer > 0n ? fraction.slice(0, 6) : firstDigit < 0 ? '' : fraction.slice(0, firstDigit + 4)
  const digits = kept.replace(/0+$/, '')
  return `${negative ? '-' : ''}${integer.toLocaleString('en-US')}${digits ? `.${digits}` : ''} ${currency.symbol}`
}

/** The most a transaction of `gas` costs at `maxFeePerGas` (the cap the wallet sends; usually less is paid). */
export const networkFee = (gas: bigint, maxFeePerGas: bigint): bigint => gas * maxFeePerGas
