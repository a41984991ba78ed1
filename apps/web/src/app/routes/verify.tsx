import { VerifyPage } from '../../features/tx-flow/components/verify/VerifyPage'
import { useWalletAccount, useWalletConfig } from '../../lib/walletRuntime'

// /verify: check a Safe transaction's hashes and call with nothing but this browser (see features/tx-flow/verify);
// with the app's wallet, add a signature or execute it from its signatures alone.
export function VerifyRoute() {
  const config = useWalletConfig()
  const { address } = useWalletAccount()
  return (
    <VerifyPage
      renderSigning={({ children }) => children(config ? { config, account: address } : undefined)}
      offlineFile={{ href: '/verify-offline.html', digestHref: '/verify-offline.html.sha256' }}
    />
  )
}
