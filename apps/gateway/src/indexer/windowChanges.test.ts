import { getAddress } from 'viem'
import { describe, expect, it } from 'vitest'
import type { TransferRow } from './rows.ts'
import { windowChanges } from './windowChanges.ts'

const SAFE = '0x1111111111111111111111111111111111111111'
const OTHER = '0x2222222222222222222222222222222222222222'
const TOKEN = '0x3333333333333333333333333333333333333333'
const HASH = `0x${'ab'.repeat(32)}`
const transfer = (t: Partial<TransferRow>): TransferRow => ({
  chainId: 1,
  safe: SAFE,
  blockNumber: 5,
  logIndex: 0,
  txHash: HASH,
  timestamp: 0,
  type: 'NATIVE_COIN',
  token: null,
  from: OTHER,
  to: SAFE,
  value: '7',
  tokenId: null,
  ...t,
})

describe('windowChanges', () => {
  it('default: one BLOCK_INDEXED naming every touched Safe, then executions and incoming value', () => {
    const changes = windowChanges({
      chainId: 1,
      blockNumber: 9,
      safes: [],
      multisig: [{ safe: SAFE, safeTxHash: HASH, txHash: HASH, success: false } as never],
      modules: [],
      transfers: [
        transfer({}),
        transfer({ type: 'ERC721', token: TOKEN, value: null, tokenId: '3', logIndex: 1 }),
        // Outgoing: shown as the Safe's execution, not as incoming.
        transfer({ type: 'ERC20', token: TOKEN, from: SAFE, to: OTHER, logIndex: 2 }),
      ],
    })
    expect(changes).toEqual([
      { type: 'BLOCK_INDEXED', chainId: 1, blockNumber: 9, safes: [SAFE] },
      {
        type: 'EXECUTED_MULTISIG_TRANSACTION',
        chainId: 1,
        address: SAFE,
        safeTxHash: HASH,
        txHash: HASH,
        failed: true,
      },
      { type: 'INCOMING_ETHER', chainId: 1, address: SAFE, txHash: HASH, value: '7' },
      {
        type: 'INCOMING_TOKEN',
        chainId: 1,
        address: SAFE,
        txHash: HASH,
        tokenAddress: TOKEN,
        value: null,
        tokenId: '3',
      },
    ])
  })

  it('behavior: an empty window is a BLOCK_INDEXED with no Safes', () => {
    expect(
      windowChanges({ chainId: 1, blockNumber: 2, safes: [], multisig: [], modules: [], transfers: [] }),
    ).toEqual([{ type: 'BLOCK_INDEXED', chainId: 1, blockNumber: 2, safes: [] }])
  })

  it('behavior: rows older than newsSince are history: only the block names their Safe', () => {
    const changes = windowChanges({
      chainId: 1,
      blockNumber: 9,
      safes: [],
      multisig: [{ safe: SAFE, safeTxHash: HASH, txHash: HASH, success: true, timestamp: 99 } as never],
      modules: [],
      transfers: [transfer({ timestamp: 99 }), transfer({ timestamp: 100, logIndex: 1 })],
      newsSince: 100,
    })
    expect(changes.map((c) => c.type)).toEqual(['BLOCK_INDEXED', 'INCOMING_ETHER'])
    expect(changes[0]).toMatchObject({ safes: [getAddress(SAFE)] })
  })
})
