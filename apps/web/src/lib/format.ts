/** Display formatting shared by the Safe screens. Amounts stay strings/bigints: no float rounding. */

/**
 * A raw token amount in base units as a decimal string: `24900000000` with 6 decimals → `24,900`.
 * The fraction is cut (not rounded) after `maxFractionDigits`; a non-zero amount below that shows as `< 0.000001`.
 */
export function formatTokenAmount(
  raw: string | bigint,
  decimals: number | null | undefined,
  maxFractionDigits = 6,
): string {
  let value: bigint
  try {
    value = typeof raw === 'bigint' ? raw : BigInt(raw)
  } catch {
    return String(raw)
  }
  const places = decimals && decimals > 0 ? decimals : 0
  const negative = value < 0n
  const abs = negative ? -value : value
  const base = 10n ** BigInt(places)
  const integer = abs / base
  const fraction = places === 0 ? '' : (abs % base).toString().padStart(places, '0')
  const shown = fraction.slice(0, maxFractionDigits).replace(/0+$/, '')
  if (integer === 0n && shown === '' && abs > 0n)
    return `< 0.${'0'.repeat(Math.max(maxFractionDigits - 1, 0))}1`
  const sign = negative ? '-' : ''
  return `${sign}${integer.toLocaleString('en-US')}${shown ? `.${shown}` : ''}`
}

// Intl formatters are made once and kept: building one is the costly part (V8 resolves its locale data and
// patterns each time), formatting with it is not, and a list formats the same way once per row.
const fiatFormats = new Map<string, Intl.NumberFormat | null>()

function fiatFormat(code: string): Intl.NumberFormat | null {
  let format = fiatFormats.get(code)
  if (format === undefined) {
    try {
      format = new Intl.NumberFormat('en-US', {
        style: 'currency',
        currency: code,
        minimumFractionDigits: 2,
        maximumFractionDigits: 2,
      })
    } catch {
      // Not a currency code Intl knows (the gateway may list e.g. crypto codes).
      format = null
    }
    fiatFormats.set(code, format)
  }
  return format
}

/** A fiat value from the gateway (a decimal string such as `53900` or `24900.5`) in the chosen currency. */
export function formatFiat(value: string | number, currency: string): string {
  const amount = typeof value === 'number' ? value : Number(value)
  if (!Number.isFinite(amount)) return String(value)
  const code = currency.toUpperCase()
  const format = fiatFormat(code)
  return format
    ? format.format(amount)
    : `${amount.toLocaleString('en-US', { maximumFractionDigits: 6 })} ${code}`
}

/** `0xeE3A…F886` */
export const shortAddress = (address: string): string =>
  address.length > 12 ? `${address.slice(0, 6)}…${address.slice(-4)}` : address

/** A formatter made on first use and kept (see fiatFormat). */
const keptDateFormat = (options: Intl.DateTimeFormatOptions) => {
  let format: Intl.DateTimeFormat | undefined
  return (timestamp: number) => {
    format ??= new Intl.DateTimeFormat('en-US', options)
    return format.format(new Date(timestamp))
  }
}

/** Day heading of the transaction history, e.g. `Nov 22, 2026`. */
export const formatDateLabel = keptDateFormat({ dateStyle: 'medium' })

/** `3:16 PM` */
export const formatTime = keptDateFormat({ timeStyle: 'short' })

/** `Nov 22, 2026, 3:16:21 PM` */
export const formatDateTime = keptDateFormat({ dateStyle: 'medium', timeStyle: 'medium' })

/**
 * When saved data was fetched, for the "Saved data from …" marks: the time (hours and minutes) today, with the
 * date before that.
 */
export function formatSavedAt(at: number, now: number = Date.now()): string {
  const date = new Date(at)
  const time = date.toLocaleTimeString('en-GB', { hour: '2-digit', minute: '2-digit' })
  if (date.toDateString() === new Date(now).toDateString()) return time
  return `${date.toLocaleDateString('en-GB', { day: 'numeric', month: 'short' })} ${time}`
}
