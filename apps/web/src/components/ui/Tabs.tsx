import { NavLink } from 'react-router'

export type TabItem = { to: string; label: string; end?: boolean }

/** Section tabs as links; `search` is appended to each (it carries the `safe` parameter). */
export function Tabs({ items, search, label }: { items: readonly TabItem[]; search: string; label: string }) {
  return (
    <nav className="tabs" aria-label={label}>
      {items.map((item) => (
        <NavLink
          key={item.to}
          to={{ pathname: item.to, search }}
          end={item.end ?? false}
          className={({ isActive }) => (isActive ? 'tab active' : 'tab')}
        >
          {item.label}
        </NavLink>
      ))}
    </nav>
  )
}
