import { useQuery } from '@tanstack/react-query'
import { ExportHistoryButton } from '../../../features/notes/components/ExportHistoryButton'
import { safeInfoQueryOptions } from '../../../features/safe/api/queries'
import { LegacyHistoryNote } from '../../../features/transactions/components/LegacyHistoryNote'
import { TxHistory } from '../../../features/transactions/components/TxPages'
import { useCurrentSafe } from '../../useCurrentSafe'
import { TxListCard } from './TxListCard'

export function HistoryRoute() {
  const current = useCurrentSafe()
  const info = useQuery({
    ...safeInfoQueryOptions(
      current.status === 'ok' ? current.chain.chainId : '',
      current.status === 'ok' ? current.address : '',
    ),
    enabled: current.status === 'ok',
  })
  return (
    <>
      {current.status === 'ok' ? (
        <p className="actions">
          <ExportHistoryButton chainId={current.chain.chainId} safe={current.address} />
        </p>
      ) : null}
      <LegacyHistoryNote version={info.data?.version} />
      <TxListCard list={TxHistory} />
    </>
  )
}
