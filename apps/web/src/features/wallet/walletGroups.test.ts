import { describe, expect, it } from 'vitest'
import { selectWalletGroups, WALLET_CONNECT_WALLETS } from './walletGroups'

const ids = (groups: ReturnType<typeof selectWalletGroups>) => groups.flatMap((group) => group.walletIds)

describe('selectWalletGroups', () => {
  it('default', () => {
    expect(
      selectWalletGroups({ walletConnectProjectId: null, devnetAvailable: false, metaMaskInjected: false }),
    ).toEqual([
      { groupName: 'Recommended', walletIds: ['injected', 'safe'] },
      { groupName: 'Other', walletIds: ['brave', 'rabby', 'frame', 'phantom'] },
    ])
  })

  it('behavior: no WalletConnect wallet without a project id', () => {
    const selected = ids(
      selectWalletGroups({ walletConnectProjectId: '', devnetAvailable: true, metaMaskInjected: false }),
    )
    for (const id of WALLET_CONNECT_WALLETS) expect(selected).not.toContain(id)
    expect(selected).not.toContain('metaMask')
  })

  it('args: walletConnectProjectId', () => {
    const groups = selectWalletGroups({
      walletConnectProjectId: 'abc',
      devnetAvailable: false,
      metaMaskInjected: false,
    })
    expect(groups[0]?.walletIds).toEqual(['injected', 'metaMask', 'safe', 'walletConnect', 'rainbow'])
    expect(groups[1]?.walletIds).toEqual(['brave', 'rabby', 'frame', 'phantom', 'trust', 'ledger', 'zerion'])
  })

  it('args: devnetAvailable puts the Devnet wallet first', () => {
    const groups = selectWalletGroups({
      walletConnectProjectId: null,
      devnetAvailable: true,
      metaMaskInjected: false,
    })
    expect(groups[0]?.walletIds[0]).toBe('devnet')
  })

  it('args: metaMaskInjected offers MetaMask without WalletConnect', () => {
    const groups = selectWalletGroups({
      walletConnectProjectId: null,
      devnetAvailable: false,
      metaMaskInjected: true,
    })
    expect(groups[0]?.walletIds).toEqual(['injected', 'metaMask', 'safe'])
  })
})
