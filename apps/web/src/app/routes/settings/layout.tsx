import { Outlet } from 'react-router'
import { Tabs } from '../../../components/ui/Tabs'
import { safeSearch, useCurrentSafe } from '../../useCurrentSafe'

const TABS = [
  { to: '/settings', label: 'General', end: true },
  { to: '/settings/setup', label: 'Setup' },
] as const

export function SettingsLayout() {
  const current = useCurrentSafe()
  return (
    <section className="page">
      <h1>Settings</h1>
      <Tabs items={TABS} search={safeSearch(current)} label="Settings sections" />
      <Outlet />
    </section>
  )
}
