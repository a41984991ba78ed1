import { Outlet } from 'react-router'
import { Tabs } from '../../../components/ui/Tabs'
import { safeSearch, useCurrentSafe } from '../../useCurrentSafe'

const TABS = [
  { to: '/assets', label: 'Tokens', end: true },
  { to: '/assets/nfts', label: 'NFTs' },
] as const

export function AssetsLayout() {
  const current = useCurrentSafe()
  return (
    <section className="page">
      <h1>Assets</h1>
      <Tabs items={TABS} search={safeSearch(current)} label="Asset types" />
      <Outlet />
    </section>
  )
}
