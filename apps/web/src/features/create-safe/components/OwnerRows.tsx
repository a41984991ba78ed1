import { type Address, isAddressEqual } from 'viem'
import { Identicon } from '../../../components/ui/Identicon'

export type OwnerRowsProps = {
  owners: string[]
  errors: (string | null)[] | undefined
  account: Address | undefined
  onChange: (owners: string[]) => void
}

const isAccount = (value: string, account: Address | undefined) => {
  try {
    return !!account && isAddressEqual(value.trim() as Address, account)
  } catch {
    return false
  }
}

/** The owner address fields of the Create Safe form: add and remove rows (one row always stays). */
export function OwnerRows({ owners, errors, account, onChange }: OwnerRowsProps) {
  return (
    <fieldset className="owner-rows" data-testid="create-safe-owners">
      <legend>Owners</legend>
      {owners.map((owner, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: rows are positional; their text is what changes.
        <div key={index} className="owner-row">
          <div className="form-row">
            {/^0x[0-9a-fA-F]{40}$/.test(owner.trim()) ? <Identicon value={owner.trim()} /> : null}
            <input
              type="text"
              spellCheck={false}
              autoComplete="off"
              placeholder="0x…"
              aria-label={`Owner ${index + 1}`}
              aria-invalid={!!errors?.[index]}
              value={owner}
              onChange={(e) => onChange(owners.map((o, i) => (i === index ? e.target.value : o)))}
              data-testid="create-safe-owner"
            />
            {isAccount(owner, account) ? <span className="badge">you</span> : null}
            <button
              type="button"
              className="button small-button"
              aria-label={`Remove owner ${index + 1}`}
              disabled={owners.length === 1}
              onClick={() => onChange(owners.filter((_, i) => i !== index))}
            >
              Remove
            </button>
          </div>
          {errors?.[index] ? <p className="error-text small">{errors[index]}</p> : null}
        </div>
      ))}
      <button
        type="button"
        className="button small-button"
        onClick={() => onChange([...owners, ''])}
        data-testid="create-safe-add-owner"
      >
        Add owner
      </button>
    </fieldset>
  )
}
