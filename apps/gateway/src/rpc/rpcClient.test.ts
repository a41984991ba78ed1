import { describe, expect, it } from 'vitest'
import { createRpcClient } from './rpcClient.ts'

describe('createRpcClient', () => {
  it('never follows a contract-chosen CCIP-Read URL (SSRF)', () => {
    expect(createRpcClient({ chainId: 1, rpcUrl: ['http://127.0.0.1:1'] }).ccipRead).toBe(false)
  })
})
