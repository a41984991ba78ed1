// Spending-limit changes as Safe transactions (AllowanceModule, #26): set (with enableModule and addDelegate
// first where needed, batched through MultiSendCallOnly), reset and delete.
import {
  type AllowanceCall,
  allowanceModuleAbi,
  MAX_RESET_MINUTES,
  setSpendingLimitCalls,
} from '@concord/safe/allowanceModule'
import { type Address, encodeFunctionData } from 'viem'
import { type BuildResult, fail, ok, type SafeCall } from '../types'
import { buildMultiSendCallOnly } from './multiSend'

export const RESET_UNITS = {
  once: { label: 'One-time (never resets)', minutes: 0 },
  minutes: { label: 'Minutes', minutes: 1 },
  hours: { label: 'Hours', minutes: 60 },
  days: { label: 'Days', minutes: 24 * 60 },
  weeks: { label: 'Weeks', minutes: 7 * 24 * 60 },
  months: { label: 'Months (30 days)', minutes: 30 * 24 * 60 },
} as const
export type ResetUnit = keyof typeof RESET_UNITS

/** "Every N <unit>" in minutes as the module holds it (uint16), or 0 for a one-time allowance. */
export function parseResetMinutes(unit: ResetUnit, count: string): BuildResult<number> {
  if (unit === 'once') return ok(0)
  const n = Number(count.trim())
  if (!Number.isInteger(n) || n < 1) return fail('Enter a whole number of periods, at least 1')
  const minutes = n * RESET_UNITS[unit].minutes
  if (minutes > MAX_RESET_MINUTES)
    return fail(`The module holds at most ${MAX_RESET_MINUTES} minutes (about 45 days) between resets`)
  return ok(minutes)
}

/** uint96: the largest allowance the module holds. */
const MAX_AMOUNT = 2n ** 96n - 1n

const asSafeCall = (c: AllowanceCall): SafeCall => ({ ...c, operation: 0 })

export function buildSetSpendingLimit(
  p: Parameters<typeof setSpendingLimitCalls>[0] & {
    version: string | null | undefined
  },
): BuildResult<SafeCall> {
  if (p.amount > MAX_AMOUNT) return fail('The amount is more than the module can hold')
  const calls = setSpendingLimitCalls(p).map(asSafeCall)
  const [only] = calls
  if (calls.length === 1 && only) return ok(only)
  return buildMultiSendCallOnly(calls, p.version)
}

export function buildAllowanceChange(
  module: Address,
  change: 'resetAllowance' | 'deleteAllowance',
  delegate: Address,
  token: Address,
): SafeCall {
  return {
    to: module,
    value: 0n,
    operation: 0,
    data: encodeFunctionData({ abi: allowanceModuleAbi, functionName: change, args: [delegate, token] }),
  }
}
