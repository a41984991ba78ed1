import { useState } from 'react'

/** A token's logo, or its symbol's first letter when there is none (or it fails to load). */
export function TokenIcon({ logoUri, symbol }: { logoUri: string | null | undefined; symbol: string }) {
  const [failed, setFailed] = useState(false)
  return (
    <span className="token-icon" aria-hidden="true">
      {logoUri && !failed ? (
        <img src={logoUri} alt="" loading="lazy" onError={() => setFailed(true)} />
      ) : (
        symbol.charAt(0).toUpperCase()
      )}
    </span>
  )
}
