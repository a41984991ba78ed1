// The recovery forms' fields: a list of addresses, one per line, and a duration with its unit.

/** A labelled textarea of addresses, one per line. */
export function AddressLinesField({
  id,
  label,
  rows,
  value,
  onChange,
}: {
  id: string
  label: string
  rows: number
  value: string
  onChange: (value: string) => void
}) {
  return (
    <div className="tx-field">
      <label htmlFor={id}>{label}</label>
      <textarea
        id={id}
        rows={rows}
        value={value}
        onChange={(e) => onChange(e.target.value)}
        data-testid={`${id}-input`}
      />
    </div>
  )
}

/** A labelled number of `units` (minutes, hours, days…): the test ids are `<id>-input` and `<id>-unit`. */
export function DurationField<U extends string>({
  id,
  label,
  units,
  value,
  unit,
  onChange,
  onUnitChange,
}: {
  id: string
  label: string
  units: readonly U[]
  value: string
  unit: U
  onChange: (value: string) => void
  onUnitChange: (unit: U) => void
}) {
  return (
    <div className="tx-field">
      <label htmlFor={id}>{label}</label>
      <div className="recovery-duration">
        <input
          id={id}
          inputMode="numeric"
          value={value}
          onChange={(e) => onChange(e.target.value)}
          data-testid={`${id}-input`}
        />
        <select
          id={`${id}-unit`}
          value={unit}
          onChange={(e) => onUnitChange(e.target.value as U)}
          aria-label="Unit"
          data-testid={`${id}-unit`}
        >
          {units.map((u) => (
            <option key={u} value={u}>
              {u}
            </option>
          ))}
        </select>
      </div>
    </div>
  )
}
