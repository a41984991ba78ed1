import {
  useAccountModal,
  useAddRecentTransaction,
  useChainModal,
  useConnectModal,
} from '@rainbow-me/rainbowkit'
import { useEffect } from 'react'
import { registerWalletDialogs } from '../../../lib/walletDialogs'

/** Inside RainbowKitProvider: hands its dialog hooks to the app's bridge (lib/walletDialogs.ts). */
export function WalletDialogsBridge() {
  const { openConnectModal, connectModalOpen } = useConnectModal()
  const { openAccountModal, accountModalOpen } = useAccountModal()
  const { openChainModal, chainModalOpen } = useChainModal()
  const addRecentTransaction = useAddRecentTransaction()
  useEffect(() => {
    registerWalletDialogs({
      openConnectModal,
      openAccountModal,
      openChainModal,
      addRecentTransaction,
      connectModalOpen,
      accountModalOpen,
      chainModalOpen,
    })
  }, [
    openConnectModal,
    openAccountModal,
    openChainModal,
    addRecentTransaction,
    connectModalOpen,
    accountModalOpen,
    chainModalOpen,
  ])
  useEffect(() => () => registerWalletDialogs(undefined), [])
  return null
}
