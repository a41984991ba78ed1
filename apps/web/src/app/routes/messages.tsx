import { useQuery } from '@tanstack/react-query'
import type { Address } from 'viem'
import { useAccount } from 'wagmi'
import { QueryBoundary } from '../../components/ui/QueryBoundary'
import { Messages } from '../../features/messages/components/Messages'
import { PasskeyMessageSign } from '../../features/passkeys/components/PasskeyMessageSign'
import { safeInfoQueryOptions } from '../../features/safe/api/queries'
import type { OpenSafe } from '../useCurrentSafe'
import { RequireSafe } from './RequireSafe'

export function MessagesRoute() {
  return (
    <section className="page">
      <h1>Messages</h1>
      <RequireSafe>{(safe) => <SafeMessages safe={safe} />}</RequireSafe>
    </section>
  )
}

function SafeMessages({ safe }: { safe: OpenSafe }) {
  const { address: account } = useAccount()
  const info = useQuery(safeInfoQueryOptions(safe.chain.chainId, safe.address))
  return (
    <QueryBoundary query={info} errorTitle="Could not load the Safe" loading={{ lines: 3 }} card>
      {(data) => (
        <Messages
          safe={{
            chain: safe.chain,
            address: safe.address,
            version: data.version ?? null,
            owners: data.owners.map((o) => o.value as Address),
          }}
          account={account}
          renderOtherSigners={(p) => (
            <PasskeyMessageSign
              chain={safe.chain}
              safe={safe.address}
              owners={data.owners.map((o) => o.value)}
              version={data.version ?? null}
              signed={p.signed}
              safeMessageHash={p.safeMessageHash}
              submit={p.submit}
            />
          )}
        />
      )}
    </QueryBoundary>
  )
}
