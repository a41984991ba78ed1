// One budget shared by a whole decode, nested MultiSend levels included. Every level would otherwise read and
// echo its bytes again (a batch inside a batch inside a batch…), so the work and the answer grew with
// depth × size. Paid in characters: hex read for nested calls, and characters of the values produced.
import { FatalError } from '../../errors/GatewayError.ts'

/** Characters a decode may spend per character of its input, and at least (small nested batches always fit). */
export const DECODE_BUDGET = { perInputChar: 4, floor: 512 * 1024 } as const

export class DecodeBudget {
  private left: number

  constructor(inputLength: number) {
    this.left = Math.max(inputLength * DECODE_BUDGET.perInputChar, DECODE_BUDGET.floor)
  }

  /** Takes `amount` if it is left; once refused, nothing more is granted (the rest stays undecoded). */
  take(amount: number): boolean {
    if (amount > this.left) {
      this.left = 0
      return false
    }
    this.left -= amount
    return true
  }

  /** Like take, but throws DecodeBudget.Exceeded (for deep value trees). */
  spend(amount: number): void {
    if (!this.take(amount)) throw new DecodeBudget.Exceeded()
  }

  // Deterministic: the same input spends the same budget, so the same decode fails again.
  static Exceeded = class extends FatalError {
    override name = 'DecodeBudget.Exceeded'
    constructor() {
      super('decode budget exceeded')
    }
  }
}
