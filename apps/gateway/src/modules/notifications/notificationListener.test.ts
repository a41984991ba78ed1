import { describe, expect, it } from 'vitest'
import { createLocalChangeBus } from '../../changes/changeBus.ts'
import { listenForNotifications } from './notificationListener.ts'
import type { NotificationsRepository } from './notifications.repository.ts'

type Batch = Parameters<NotificationsRepository['storeEvents']>[0]
const SAFE = '0x5aFE3855358E112B5647B952709E6165e1c1eEEe'
const change = (n: number) =>
  ({
    type: 'MESSAGE_CREATED',
    chainId: 1,
    address: SAFE,
    messageHash: `0x${n.toString(16).padStart(64, '0')}`,
  }) as const

/** The local bus delivers in a microtask: let it deliver before stop() unsubscribes. */
const settled = () => new Promise((resolve) => setTimeout(resolve, 0))

describe('listenForNotifications', () => {
  it('stores changes published during a write together, in order', async () => {
    const changes = createLocalChangeBus()
    const calls: Batch[] = []
    const listener = listenForNotifications({
      changes,
      webhooks: [],
      notifications: {
        async storeEvents(batch) {
          calls.push(batch)
          await new Promise((resolve) => setTimeout(resolve, 5))
          return { stored: batch.length, deliveries: 0 }
        },
      },
    })
    for (let i = 0; i < 10; i++) changes.publish(change(i))
    await settled()
    await listener.stop()
    expect(calls.length).toBeLessThan(10)
    const hashes = calls.flat().map((b) => (b.event.payload as { messageHash: string }).messageHash)
    expect(hashes).toEqual(Array.from({ length: 10 }, (_, i) => change(i).messageHash))
    expect(listener.status()).toEqual({ stored: 10, givenUp: 0 })
  })

  it('retries a failing batch, then stores its events one by one and logs the one that keeps failing', async () => {
    const changes = createLocalChangeBus()
    const logged: string[] = []
    const stored: string[] = []
    let transient = 1
    const listener = listenForNotifications({
      changes,
      webhooks: [],
      log: (line) => logged.push(line),
      retryDelay: () => 1,
      notifications: {
        async storeEvents(batch) {
          if (transient-- > 0) throw new Error('connection reset')
          const hashes = batch.map((b) => (b.event.payload as { messageHash: string }).messageHash)
          if (hashes.includes(change(2).messageHash)) throw new Error('bad event')
          stored.push(...hashes)
          return { stored: batch.length, deliveries: 0 }
        },
      },
    })
    for (let i = 0; i < 4; i++) changes.publish(change(i))
    await settled()
    await listener.stop()
    expect(stored).toEqual([0, 1, 3].map((i) => change(i).messageHash))
    expect(listener.status()).toEqual({ stored: 3, givenUp: 1 })
    expect(logged).toHaveLength(1)
    expect(logged[0]).toContain('bad event')
    expect(logged[0]).toContain(change(2).messageHash)
  })
})
