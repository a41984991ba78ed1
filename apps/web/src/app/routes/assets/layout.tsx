import { TabbedSection } from '../TabbedSection'

const TABS = [
  { to: '/assets', label: 'Tokens', end: true },
  { to: '/assets/nfts', label: 'NFTs' },
] as const

export function AssetsLayout() {
  return <TabbedSection title="Assets" tabs={TABS} tabsLabel="Asset types" />
}
