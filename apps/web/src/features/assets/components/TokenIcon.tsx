import { useState } from 'react'
import { Identicon } from '../../../components/ui/Identicon'

/**
 * A token's logo (the gateway's `logoUri`), else, when it has none or it fails to load, the identicon of its
 * address: tokens with the same first letter still look different. The chain configs and the repository hold no
 * token list of their own, so the gateway's logo is the only one there is.
 */
export function TokenIcon({ logoUri, address }: { logoUri: string | null | undefined; address: string }) {
  const [failed, setFailed] = useState(false)
  return (
    <span className="token-icon" aria-hidden="true" data-testid="token-icon">
      {logoUri && !failed ? (
        <img src={logoUri} alt="" loading="lazy" onError={() => setFailed(true)} />
      ) : (
        <Identicon value={address} size={28} />
      )}
    </span>
  )
}
