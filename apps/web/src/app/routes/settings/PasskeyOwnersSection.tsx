import { useQuery, useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import { Link } from 'react-router'
import { useAccount } from 'wagmi'
import { PasskeyOwners } from '../../../features/passkeys/components/PasskeyOwners'
import { safeKeys } from '../../../features/safe/api/keys'
import { safeInfoQueryOptions } from '../../../features/safe/api/queries'
import { buildMultiSendCallOnly } from '../../../features/tx-flow/builders/multiSend'
import { NewTxReview } from '../../../features/tx-flow/components/review/NewTxReview'
import type { OpenSafe } from '../../useCurrentSafe'

/**
 * Settings' passkey owners: the passkey feature creates the passkey and the owner-change calls; the transaction
 * flow batches them (MultiSendCallOnly) into one Safe transaction that the connected owner reviews, signs and
 * proposes.
 */
export function PasskeyOwnersSection({ safe }: { safe: OpenSafe }) {
  const { chain } = safe
  const info = useQuery(safeInfoQueryOptions(chain.chainId, safe.address))
  const { address: account } = useAccount()
  const queryClient = useQueryClient()
  const [proposed, setProposed] = useState(false)
  if (!info.data) return null
  return (
    <>
      <PasskeyOwners
        chain={chain}
        safe={safe.address}
        owners={info.data.owners.map((o) => o.value)}
        threshold={info.data.threshold}
        renderPropose={(draft, done) => {
          const batch = buildMultiSendCallOnly(draft.calls, info.data.version)
          if (!batch.ok) return <p className="error-text">{batch.error}</p>
          if (!account)
            return (
              <p className="banner" role="status">
                The passkey is saved on this device. Connect an owner's wallet to propose adding it as owner.
              </p>
            )
          return (
            <NewTxReview
              chain={chain}
              safe={safe.address}
              draft={{ call: batch.value, summary: draft.summary }}
              account={account}
              onBack={done}
              onProposed={(_, verified) => {
                void queryClient.invalidateQueries({ queryKey: safeKeys.info(chain.chainId, safe.address) })
                if (verified) {
                  setProposed(true)
                  done()
                }
              }}
            />
          )
        }}
      />
      {proposed ? (
        <p className="banner" role="status" data-testid="passkey-owner-proposed">
          Adding the passkey owner is proposed.{' '}
          <Link to={safe.href('/transactions/queue')}>Open the queue</Link> to confirm and execute it.
        </p>
      ) : null}
    </>
  )
}
