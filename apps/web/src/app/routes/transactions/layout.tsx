import { Outlet } from 'react-router'
import { Tabs } from '../../../components/ui/Tabs'
import { safeSearch, useCurrentSafe } from '../../useCurrentSafe'

const TABS = [
  { to: '/transactions/queue', label: 'Queue' },
  { to: '/transactions/history', label: 'History' },
] as const

export function TransactionsLayout() {
  const current = useCurrentSafe()
  return (
    <section className="page">
      <h1>Transactions</h1>
      <Tabs items={TABS} search={safeSearch(current)} label="Transaction lists" />
      <Outlet />
    </section>
  )
}
