import { TxHistory } from '../../../features/transactions/components/TxPages'
import { TxListCard } from './TxListCard'

export function HistoryRoute() {
  return <TxListCard list={TxHistory} />
}
