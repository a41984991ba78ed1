import type { TransactionInfo } from '@safe-global/safe-gateway-typescript-sdk'
import { describe, expect, it } from 'vitest'
import { actionPhrase, describeTransaction, statusLabel } from './describeTransaction'

const ETH = { symbol: 'ETH', decimals: 18 }
const SAFE = { value: '0xeE3A570203441329791FA2AC2C912EBC9983F886', name: null, logoUri: null }
const A3 = { value: '0x90F79bf6EB2c4f870365E785982E1f101E93b906', name: null, logoUri: null }
const A2 = { value: '0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC', name: null, logoUri: null }

const info = (value: unknown) => value as TransactionInfo

describe('describeTransaction', () => {
  it('default: outgoing native transfer', () => {
    expect(
      describeTransaction(
        info({
          type: 'Transfer',
          sender: SAFE,
          recipient: A3,
          direction: 'OUTGOING',
          transferInfo: { type: 'NATIVE_COIN', value: '1000000000000000000' },
        }),
        ETH,
      ),
    ).toEqual({
      kind: 'outgoing',
      title: 'Sent',
      detail: '1 ETH',
      counterparty: { label: 'to', address: A3 },
    })
  })

  it('behavior: incoming ERC20 and ERC721 transfers', () => {
    const erc20 = describeTransaction(
      info({
        type: 'Transfer',
        sender: A3,
        recipient: SAFE,
        direction: 'INCOMING',
        transferInfo: {
          type: 'ERC20',
          tokenAddress: '0x1',
          value: '25000000000',
          tokenSymbol: 'cUSD',
          decimals: 6,
        },
      }),
      ETH,
    )
    expect(erc20).toMatchObject({ kind: 'incoming', title: 'Received', detail: '25,000 cUSD' })
    expect(erc20.counterparty).toEqual({ label: 'from', address: A3 })
    const erc721 = describeTransaction(
      info({
        type: 'Transfer',
        sender: A3,
        recipient: SAFE,
        direction: 'INCOMING',
        transferInfo: {
          type: 'ERC721',
          tokenAddress: '0x2',
          tokenId: '3',
          tokenSymbol: 'CNFT',
          tokenName: null,
        },
      }),
      ETH,
    )
    expect(erc721.detail).toBe('CNFT #3')
  })

  it('behavior: settings change, with NEST and SDK type names', () => {
    const addOwner = describeTransaction(
      info({
        type: 'SettingsChange',
        dataDecoded: { method: 'addOwnerWithThreshold', parameters: [] },
        settingsInfo: { type: 'ADD_OWNER', owner: A2, threshold: 2 },
      }),
      ETH,
    )
    expect(addOwner).toMatchObject({
      kind: 'settings',
      title: 'Add owner',
      detail: 'addOwnerWithThreshold · 0x3C44…93BC, threshold 2',
    })
    const masterCopy = describeTransaction(
      info({
        type: 'SettingsChange',
        dataDecoded: { method: 'changeMasterCopy' },
        settingsInfo: { type: 'CHANGE_MASTER_COPY', implementation: { value: A2.value, name: 'Safe 1.4.1' } },
      }),
      ETH,
    )
    expect(masterCopy).toMatchObject({
      title: 'Change implementation',
      detail: 'changeMasterCopy · Safe 1.4.1',
    })
    expect(
      describeTransaction(
        info({ type: 'SettingsChange', dataDecoded: { method: 'setup' }, settingsInfo: null }),
        ETH,
      ).title,
    ).toBe('setup')
  })

  it('behavior: custom, multiSend and rejection', () => {
    const base = { type: 'Custom', to: A3, dataSize: '68', value: '0', isCancellation: false }
    expect(describeTransaction(info({ ...base, methodName: 'approve' }), ETH)).toMatchObject({
      kind: 'custom',
      title: 'approve',
      detail: null,
      counterparty: { label: 'on', address: A3 },
    })
    expect(describeTransaction(info({ ...base, methodName: 'multiSend', actionCount: 3 }), ETH).title).toBe(
      'multiSend · 3 actions',
    )
    expect(
      describeTransaction(info({ ...base, methodName: null, value: '5000000000000000' }), ETH),
    ).toMatchObject({
      title: 'Contract interaction',
      detail: '0.005 ETH',
    })
    expect(describeTransaction(info({ ...base, isCancellation: true }), ETH).title).toBe('On-chain rejection')
  })

  it('behavior: creation and unknown kinds', () => {
    expect(
      describeTransaction(info({ type: 'Creation', creator: A3, transactionHash: '0x1', factory: A2 }), ETH),
    ).toMatchObject({ kind: 'creation', title: 'Safe created', counterparty: { label: 'by', address: A3 } })
    expect(describeTransaction(info({ type: 'SwapOrder' }), ETH)).toMatchObject({
      kind: 'other',
      title: 'SwapOrder',
    })
  })
})

describe('statusLabel', () => {
  it('default', () => {
    expect(statusLabel('SUCCESS')).toBe('Success')
    expect(statusLabel('AWAITING_CONFIRMATIONS')).toBe('Awaiting confirmations')
    expect(statusLabel('NEW')).toBe('NEW')
  })
})

describe('actionPhrase', () => {
  it('default: a token transfer reads as what it sends and to whom, named by the address book', () => {
    const transfer = info({
      type: 'Transfer',
      sender: SAFE,
      recipient: A3,
      direction: 'OUTGOING',
      transferInfo: {
        type: 'ERC20',
        value: '1000000',
        decimals: 6,
        tokenSymbol: 'cUSD',
        tokenAddress: A2.value,
      },
    })
    expect(actionPhrase(transfer, ETH, (a) => (a === A3.value ? 'Alice' : undefined))).toBe(
      'send 1 cUSD to Alice',
    )
    expect(actionPhrase(transfer, ETH)).toBe('send 1 cUSD to 0x90F7…b906')
  })

  it('behavior: settings, contract calls, batches and rejections', () => {
    expect(
      actionPhrase(
        info({ type: 'SettingsChange', settingsInfo: { type: 'ADD_OWNER', owner: A2, threshold: 2 } }),
        ETH,
      ),
    ).toBe('add owner: 0x3C44…93BC, threshold 2')
    expect(
      actionPhrase(
        info({ type: 'Custom', to: A2, value: '0', methodName: 'approve', isCancellation: false }),
        ETH,
        () => 'cUSD',
      ),
    ).toBe('call approve on cUSD')
    expect(
      actionPhrase(
        info({
          type: 'Custom',
          to: A2,
          value: '0',
          methodName: 'multiSend',
          actionCount: 3,
          isCancellation: false,
        }),
        ETH,
      ),
    ).toBe('run a batch of 3 actions')
    expect(
      actionPhrase(info({ type: 'Custom', to: SAFE, value: '0', isCancellation: true }), ETH, undefined, 7),
    ).toBe('reject nonce 7')
  })
})
