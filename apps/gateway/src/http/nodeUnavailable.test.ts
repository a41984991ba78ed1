// A chain node that cannot be reached: routes that read the chain at request time answer 503 {code, message}
// (a temporary server-side trouble), never a 500, and the process keeps answering.

import type { AddressInfo } from 'node:net'
import { createServer } from 'node:net'
import { safeV141 } from '@concord/safe/contracts'
import { afterAll, describe, expect, it } from 'vitest'
import { createGateway } from '../createGateway.ts'
import { safes } from '../db/schema.ts'
import { createTestConfig } from '../testing/createTestConfig.ts'

const SAFE = '0x5aFE3855358E112B5647B952709E6165e1c1eEEe'

/** A port that accepts connections and closes them at once: the node "is there" but never answers. */
const dead = createServer((socket) => socket.destroy())
await new Promise<void>((resolve) => dead.listen(0, '127.0.0.1', resolve))
const url = `http://127.0.0.1:${(dead.address() as AddressInfo).port}`
const gateway = await createGateway(createTestConfig({ chains: [{ chainId: 31337, rpcUrl: [url] }] }))
afterAll(async () => {
  await gateway.stop()
  dead.close()
})

describe('chain node unavailable', () => {
  it('balances: 503 with {code, message}, and the gateway still answers', async () => {
    await gateway.store.db.insert(safes).values({
      chainId: 31337,
      address: SAFE,
      owners: [SAFE],
      threshold: 1,
      nonce: 0,
      modules: [],
      implementation: safeV141.safeL2,
      creationTxHash: `0x${'11'.repeat(32)}`,
      creationBlock: 1,
      updatedBlock: 1,
    })
    const res = await gateway.app.request(`/v1/chains/31337/safes/${SAFE}/balances/usd`)
    expect(res.status).toBe(503)
    expect(await res.json()).toEqual({ code: 503, message: expect.stringMatching(/unavailable/) })
    expect((await gateway.app.request('/health')).status).toBe(200)
  })
})
