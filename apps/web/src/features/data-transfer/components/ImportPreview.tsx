import type { ChainPlan, ImportPlan, NamePlan } from '../plan'

const NAME_OUTCOME: Record<NamePlan['outcome'], string> = {
  add: 'added',
  rename: 'replaces',
  keep: 'kept as',
  same: 'already saved',
}

const plural = (n: number, one: string) => `${n} ${one}${n === 1 ? '' : 's'}`

/** What confirming the import does, chain by chain, and what it leaves out and why. */
export function ImportPreview({ plan }: { plan: ImportPlan }) {
  return (
    <div data-testid="data-import-preview">
      {plan.chains.map((chain) => (
        <ChainPreview key={chain.chainId} chain={chain} />
      ))}
      {plan.skipped.length ? (
        <div data-testid="data-import-skipped">
          <h4>Skipped: chains this gateway does not serve</h4>
          <ul className="list">
            {plan.skipped.map((s) => (
              <li
                key={s.chainId}
                className="row small"
                data-testid="data-import-skipped-chain"
                data-chain-id={s.chainId}
              >
                <span>
                  Chain {s.chainId}: {plural(s.names, 'name')}, {plural(s.apps, 'pinned app')}
                  {s.safes.length ? `, ${plural(s.safes.length, 'Safe')}: ` : ''}
                  {s.safes.map((address) => (
                    <code key={address} className="address" data-testid="data-import-skipped-safe">
                      {address}{' '}
                    </code>
                  ))}
                </span>
              </li>
            ))}
          </ul>
        </div>
      ) : null}
      {plan.ignored.length ? (
        <p className="muted small" data-testid="data-import-ignored">
          Not imported: {plan.ignored.join('; ')}.
        </p>
      ) : null}
    </div>
  )
}

function ChainPreview({ chain }: { chain: ChainPlan }) {
  return (
    <div data-testid="data-import-chain" data-chain-id={chain.chainId}>
      <h4>
        {chain.chainName} <span className="muted small">(chain {chain.chainId})</span>
      </h4>
      {chain.safes.length ? (
        <>
          <p className="small">Safes, to the recent Safes on the start page:</p>
          <ul className="list">
            {chain.safes.map((safe) => (
              <li
                key={safe.address}
                className="row small"
                data-testid="data-import-safe"
                data-address={safe.address}
              >
                <code className="address">{safe.address}</code>
                <span className="muted">
                  {safe.outcome === 'add'
                    ? safe.visited
                      ? `added (last opened ${new Date(safe.openedAt).toLocaleString()})`
                      : 'added'
                    : safe.outcome === 'listed'
                      ? 'already listed'
                      : 'skipped: the recent Safes list is full'}
                </span>
              </li>
            ))}
          </ul>
        </>
      ) : null}
      {chain.names.length ? (
        <>
          <p className="small">
            Address book names,{' '}
            {chain.bookSafes.length
              ? `to the address book of ${plural(chain.bookSafes.length, 'Safe')} on this chain:`
              : 'skipped: no Safe on this chain to keep them (open one, then import again):'}
          </p>
          <ul className="list">
            {chain.names.map((entry) => (
              <li
                key={entry.address}
                className="row small"
                data-testid="data-import-name"
                data-address={entry.address}
              >
                <strong>{entry.name}</strong>
                <code className="address">{entry.address}</code>
                {chain.bookSafes.length ? (
                  <span className="muted" data-outcome={entry.outcome}>
                    {NAME_OUTCOME[entry.outcome]}
                    {entry.existing !== undefined ? ` (saved name: ${entry.existing})` : ''}
                  </span>
                ) : null}
              </li>
            ))}
          </ul>
        </>
      ) : null}
      {chain.apps.length ? (
        <>
          <p className="small">Pinned Safe Apps, to the bookmarks:</p>
          <ul className="list">
            {chain.apps.map(({ id, app, outcome }) => (
              <li key={id} className="row small" data-testid="data-import-app">
                <span>{app ? app.name : `App ${id}`}</span>
                <span className="muted">
                  {outcome === 'add'
                    ? 'bookmarked'
                    : outcome === 'bookmarked'
                      ? 'already bookmarked'
                      : chain.catalogRead
                        ? "skipped: not in this gateway's app list"
                        : "skipped: the gateway's app list could not be read"}
                </span>
              </li>
            ))}
          </ul>
        </>
      ) : null}
    </div>
  )
}
