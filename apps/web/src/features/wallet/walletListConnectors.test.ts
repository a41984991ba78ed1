import { afterEach, describe, expect, it, vi } from 'vitest'
import type { CreateConnectorFn } from 'wagmi'
import type { CreateWalletFn } from './devnetWallet'
import { connectorsForWalletList } from './walletListConnectors'

type Details = { rkDetails: Record<string, unknown> }

/** A wallet whose connector function records the details it was built with. */
const wallet =
  (id: string, extra: Partial<ReturnType<CreateWalletFn>> = {}): CreateWalletFn =>
  () => ({
    id,
    name: id,
    iconUrl: 'data:,',
    iconBackground: '#000',
    ...extra,
    createConnector: (details) => Object.assign((() => ({})) as unknown as CreateConnectorFn, { details }),
  })

const detailsOf = (connectors: CreateConnectorFn[]) =>
  connectors.map((c) => (c as unknown as { details: Details }).details.rkDetails)

describe('connectorsForWalletList', () => {
  afterEach(() => vi.unstubAllGlobals())

  it('default: each wallet carries the rkDetails RainbowKit lists it by, in order, with its group', () => {
    vi.stubGlobal('window', { location: { origin: 'https://concord.example' } })
    const connectors = connectorsForWalletList(
      [
        { groupName: 'Popular', wallets: [wallet('a'), wallet('b')] },
        { groupName: 'More', wallets: [wallet('c')] },
      ],
      { appName: 'Concord', projectId: '' },
    )
    expect(detailsOf(connectors)).toEqual([
      expect.objectContaining({
        id: 'a',
        index: 0,
        groupIndex: 1,
        groupName: 'Popular',
        isRainbowKitConnector: true,
      }),
      expect.objectContaining({ id: 'b', index: 1, groupIndex: 1, groupName: 'Popular' }),
      expect.objectContaining({ id: 'c', index: 2, groupIndex: 2, groupName: 'More' }),
    ])
  })

  it('behavior: WalletConnect is listed twice (QR view and its own modal); duplicates and hidden wallets are dropped', () => {
    vi.stubGlobal('window', { location: { origin: 'https://concord.example' } })
    const seen: unknown[] = []
    const withParams: CreateWalletFn = (params) => {
      seen.push(params)
      return wallet('walletConnect')(params)
    }
    const connectors = connectorsForWalletList(
      [
        {
          groupName: 'G',
          wallets: [withParams, wallet('a'), wallet('a'), wallet('h', { hidden: () => true })],
        },
      ],
      { appName: 'Concord', projectId: 'p1' },
    )
    const details = detailsOf(connectors)
    expect(details.map((d) => d.id)).toEqual(['walletConnect', 'walletConnect', 'a'])
    expect(details[0]).toMatchObject({ isWalletConnectModalConnector: true, showQrModal: true })
    expect(details[1]).not.toHaveProperty('showQrModal')
    expect(seen[0]).toMatchObject({
      projectId: 'p1',
      walletConnectParameters: { metadata: { name: 'Concord', url: 'https://concord.example' } },
    })
  })
})
