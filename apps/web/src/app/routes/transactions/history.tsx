import { ExportHistoryButton } from '../../../features/notes/components/ExportHistoryButton'
import { TxHistory } from '../../../features/transactions/components/TxPages'
import { useCurrentSafe } from '../../useCurrentSafe'
import { TxListCard } from './TxListCard'

export function HistoryRoute() {
  const current = useCurrentSafe()
  return (
    <>
      {current.status === 'ok' ? (
        <p className="actions">
          <ExportHistoryButton chainId={current.chain.chainId} safe={current.address} />
        </p>
      ) : null}
      <TxListCard list={TxHistory} />
    </>
  )
}
