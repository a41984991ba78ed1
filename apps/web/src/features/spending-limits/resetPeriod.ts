import { nextResetAt, type TokenAllowance } from '@concord/safe/allowanceModule'

const UNITS: [number, string][] = [
  [30 * 24 * 60, 'month'],
  [7 * 24 * 60, 'week'],
  [24 * 60, 'day'],
  [60, 'hour'],
  [1, 'minute'],
]

/** "One-time", "Every day", "Every 3 hours": the largest unit that divides the period. */
export function describeResetPeriod(minutes: number): string {
  if (minutes === 0) return 'One-time'
  for (const [size, name] of UNITS) {
    if (minutes % size === 0) {
      const n = minutes / size
      return n === 1 ? `Every ${name}` : `Every ${n} ${name}s`
    }
  }
  return `Every ${minutes} minutes`
}

/** When the allowance next resets, as a local date and time; "never" for a one-time one. */
export function describeNextReset(a: TokenAllowance): string {
  const at = nextResetAt(a)
  return at === undefined ? 'Never' : new Date(at).toLocaleString()
}
