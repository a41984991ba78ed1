import { useAccountModal, useConnectModal } from '@rainbow-me/rainbowkit'
import { useEffect } from 'react'
import { releaseWalletIcons } from '../walletIcons'

/** Inside RainbowKitProvider: the wallet icons load when a wallet dialog first opens (see walletIcons.ts). */
export function WalletIconsRelease() {
  const { connectModalOpen } = useConnectModal()
  const { accountModalOpen } = useAccountModal()
  useEffect(() => {
    if (connectModalOpen || accountModalOpen) releaseWalletIcons()
  }, [connectModalOpen, accountModalOpen])
  return null
}
