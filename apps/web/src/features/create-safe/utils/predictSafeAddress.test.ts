import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import type { Hex } from 'viem'
import { describe, expect, it } from 'vitest'
import { NEW_SAFE_CONTRACTS, predictSafeAddress, safeSetupData } from './predictSafeAddress'

// The proxy's creation code from the published v1.4.1 build (what SafeProxyFactory.proxyCreationCode() returns).
const require = createRequire(import.meta.url)
const artifact = require.resolve(
  '@safe-global/safe-contracts/build/artifacts/contracts/proxies/SafeProxy.sol/SafeProxy.json',
)
const proxyCreationCode = (JSON.parse(readFileSync(artifact, 'utf8')) as { bytecode: Hex }).bytecode

// Hardhat accounts #0 and #1.
const a0 = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'
const a1 = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'

describe('predictSafeAddress', () => {
  it('default: the devnet "treasury" (1-of-2 #0 #1, salt 1) is where the factory deployed it', () => {
    // packages/devnet/src/scenario/demo.ts creates it with the same singleton, handler and setup.
    const initializer = safeSetupData({ owners: [a0, a1], threshold: 1 })
    expect(predictSafeAddress({ ...NEW_SAFE_CONTRACTS, initializer, saltNonce: 1n, proxyCreationCode })).toBe(
      '0xeE3A570203441329791FA2AC2C912EBC9983F886',
    )
  })

  it('behavior: another salt nonce, owner order or threshold is another address', () => {
    const base = { ...NEW_SAFE_CONTRACTS, proxyCreationCode }
    const addresses = new Set([
      predictSafeAddress({
        ...base,
        initializer: safeSetupData({ owners: [a0, a1], threshold: 1 }),
        saltNonce: 1n,
      }),
      predictSafeAddress({
        ...base,
        initializer: safeSetupData({ owners: [a0, a1], threshold: 1 }),
        saltNonce: 2n,
      }),
      predictSafeAddress({
        ...base,
        initializer: safeSetupData({ owners: [a1, a0], threshold: 1 }),
        saltNonce: 1n,
      }),
      predictSafeAddress({
        ...base,
        initializer: safeSetupData({ owners: [a0, a1], threshold: 2 }),
        saltNonce: 1n,
      }),
    ])
    expect(addresses.size).toBe(4)
  })
})
