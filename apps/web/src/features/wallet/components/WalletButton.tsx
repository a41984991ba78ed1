import { useState } from 'react'
import {
  openAccountModal,
  openChainModal,
  openConnectModal,
  useWalletDialogs,
} from '../../../lib/walletDialogs'
import { useWalletAccount } from '../../../lib/walletRuntime'

/** How RainbowKit's account button shortens an address. */
const shortAddress = (address: string) => `${address.slice(0, 4)}…${address.slice(-4)}`

/**
 * The header's wallet button, light enough for the landing page: RainbowKit's dialogs (connect list, switch
 * networks, profile) load on the first click (lib/walletDialogs.ts). Its test ids are RainbowKit's
 * ConnectButton's, which it replaces.
 */
export function WalletButton() {
  const { status, address, chainName, chainShortName, chainLogoUrl } = useWalletAccount()
  const dialogs = useWalletDialogs()
  // Clicked, and the dialogs' code is still on its way.
  const [waiting, setWaiting] = useState(false)
  const busy = waiting && dialogs === undefined
  const open = (opener: () => void) => () => {
    setWaiting(true)
    opener()
  }

  if (status === 'connected' && address)
    return (
      <div className="wallet-button">
        <button
          type="button"
          className={chainName ? 'button wallet-chain' : 'button wallet-chain wrong'}
          data-testid="rk-chain-button"
          aria-busy={busy}
          onClick={open(openChainModal)}
        >
          {chainName && chainLogoUrl ? (
            <img className="wallet-chain-icon" src={chainLogoUrl} alt="" width={18} height={18} />
          ) : null}
          {/* A phone shows the short name ("eth", "gno") in its place; the full name stays in the accessible name. */}
          <span className={chainName && chainShortName ? 'wallet-chain-name has-short' : 'wallet-chain-name'}>
            {chainName ?? 'Wrong network'}
          </span>
          {chainName && chainShortName ? <span className="wallet-chain-short">{chainShortName}</span> : null}
        </button>
        <button
          type="button"
          className="button wallet-account"
          data-testid="rk-account-button"
          aria-busy={busy}
          onClick={open(openAccountModal)}
        >
          {shortAddress(address)}
        </button>
      </div>
    )

  // While a previous wallet reconnects, the button holds its place without offering to connect.
  const settling = status === 'connecting' || status === 'reconnecting'
  return (
    <button
      type="button"
      className={settling ? 'button primary wallet-connect settling' : 'button primary wallet-connect'}
      data-testid="rk-connect-button"
      aria-hidden={settling || undefined}
      tabIndex={settling ? -1 : undefined}
      aria-busy={busy}
      onClick={open(openConnectModal)}
    >
      Connect Wallet
    </button>
  )
}
