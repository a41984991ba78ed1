import { useQuery } from '@tanstack/react-query'
import { useId } from 'react'
import { QueryError } from '../../../components/ui/QueryBoundary'
import { fiatCurrenciesQueryOptions } from '../api/queries'
import { updateSettings, useSettings } from '../useSettings'

/** Picks the fiat currency of balances from the gateway's supported codes. */
export function CurrencySelect() {
  const { currency } = useSettings()
  const query = useQuery(fiatCurrenciesQueryOptions())
  const selectId = useId()
  const selected = currency.toUpperCase()
  // Keep the stored choice selectable even if the gateway stops listing it.
  const codes = query.data
    ? Array.from(new Set([selected, ...query.data.map((code) => code.toUpperCase())]))
    : [selected]

  return (
    <div className="form">
      <label htmlFor={selectId}>Currency</label>
      <div className="form-row">
        <select
          id={selectId}
          value={selected}
          onChange={(event) => updateSettings({ currency: event.target.value.toLowerCase() })}
          disabled={!query.data}
          data-testid="currency-select"
        >
          {codes.map((code) => (
            <option key={code} value={code}>
              {code}
            </option>
          ))}
        </select>
      </div>
      {query.isError && !query.data ? (
        <QueryError title="Could not load the currencies" query={query} />
      ) : (
        <p className="muted small">Balances and totals are shown in this currency.</p>
      )}
    </div>
  )
}
