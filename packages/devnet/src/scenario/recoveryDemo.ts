// The recovery demo: "Recovery (demo)", a v1.4.1 Safe owned by #0 alone, whose first transaction (a MultiSend:
// deploy a Zodiac Delay proxy, enable it on the Safe, enable #5 on it) makes account #5, not an owner, its
// recoverer with a 10-minute review window and a 7-day expiry. So a new user sees recovery set up on first start,
// as the owner (#0, Settings → Setup) and as the recoverer (#5, who may start a recovery there).
import { recoverySetupCalls } from '@concord/safe/recovery'
import type { Address } from 'viem'
import { testAccount } from '../accounts.ts'
import type { DevnetClient } from '../client.ts'
import type { DemoSafe } from './demo.ts'
import { createOwnedDemoSafe, runDemoSetup } from './setupDemoSafe.ts'

/** Seconds: short, so a demo recovery can be tried out, yet long enough to see the owners' cancel window. */
export const DEMO_RECOVERY_WINDOWS = { cooldown: 10n * 60n, expiration: 7n * 24n * 3_600n } as const

export type RecoveryDemo = { safe: DemoSafe; delay: Address; recoverer: Address }

export async function seedRecoveryDemo(client: DevnetClient): Promise<RecoveryDemo> {
  const recoverer = testAccount(5).address
  const created = await createOwnedDemoSafe(client, 27n)
  const { delay, calls } = recoverySetupCalls({
    safe: created.address,
    ...DEMO_RECOVERY_WINDOWS,
    saltNonce: 0n,
    recoverers: [recoverer],
  })
  const safe = await runDemoSetup(
    client,
    created,
    calls,
    'multiSend: deploy Delay, enableModule, enable recoverer #5',
  )
  return { safe, delay, recoverer }
}
