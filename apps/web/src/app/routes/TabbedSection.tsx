import { Outlet } from 'react-router'
import { type TabItem, Tabs } from '../../components/ui/Tabs'
import { safeSearch, useCurrentSafe } from '../useCurrentSafe'

export type TabbedSectionProps = {
  title: string
  tabs: readonly TabItem[]
  /** Accessible name of the tab bar. */
  tabsLabel: string
}

/** Layout of a section with tabs (Assets, Transactions, Settings): the tabs keep the open Safe. */
export function TabbedSection({ title, tabs, tabsLabel }: TabbedSectionProps) {
  const current = useCurrentSafe()
  return (
    <section className="page">
      <h1>{title}</h1>
      <Tabs items={tabs} search={safeSearch(current)} label={tabsLabel} />
      <Outlet />
    </section>
  )
}
