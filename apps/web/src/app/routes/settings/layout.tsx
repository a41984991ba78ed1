import { TabbedSection } from '../TabbedSection'

const TABS = [
  { to: '/settings', label: 'General', end: true },
  { to: '/settings/setup', label: 'Setup' },
  { to: '/settings/proposers', label: 'Proposers' },
  { to: '/settings/spending-limits', label: 'Spending limits' },
  { to: '/settings/notifications', label: 'Notifications' },
  { to: '/settings/safe-apps', label: 'Safe Apps' },
  { to: '/settings/chains', label: 'Chains' },
  { to: '/settings/data', label: 'Data' },
] as const

export function SettingsLayout() {
  return <TabbedSection title="Settings" tabs={TABS} tabsLabel="Settings sections" />
}
