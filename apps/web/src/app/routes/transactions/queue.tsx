import { TxQueue } from '../../../features/transactions/components/TxPages'
import { TxListCard } from './TxListCard'

export function QueueRoute() {
  return <TxListCard list={TxQueue} />
}
