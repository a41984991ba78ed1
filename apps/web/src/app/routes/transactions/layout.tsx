import { TabbedSection } from '../TabbedSection'

const TABS = [
  { to: '/transactions/queue', label: 'Queue' },
  { to: '/transactions/history', label: 'History' },
] as const

export function TransactionsLayout() {
  return <TabbedSection title="Transactions" tabs={TABS} tabsLabel="Transaction lists" />
}
