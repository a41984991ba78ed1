import { checkName } from '@concord/safe/addressBookCsv'
import { type Address, getAddress, isAddress, isAddressEqual } from 'viem'

export type NewSafeForm = { name: string; owners: string[]; threshold: string; saltNonce: string }

export type NewSafeErrors = {
  name: string | null
  owners: (string | null)[]
  threshold: string | null
  saltNonce: string | null
}

export type ValidNewSafe = {
  /** The name to save the Safe under; undefined when the user left it empty. */
  name: string | undefined
  owners: Address[]
  threshold: number
  saltNonce: bigint
}

const MAX_UINT256 = 2n ** 256n - 1n

/** The optional Safe name: empty is no name; otherwise the address book's rules (trimmed, 1–50 characters). */
export function checkSafeName(raw: string): { name: string | undefined } | { error: string } {
  if (!raw.trim()) return { name: undefined }
  return checkName(raw)
}

/** Checks the Create Safe form: name, addresses valid and distinct, 1 ≤ threshold ≤ owners, salt a uint256. */
export function validateNewSafe(
  form: NewSafeForm,
): { ok: true; value: ValidNewSafe } | { ok: false; errors: NewSafeErrors } {
  const name = checkSafeName(form.name)
  const nameError = 'error' in name ? name.error : null
  const owners: Address[] = []
  const ownerErrors = form.owners.map((raw, index) => {
    const text = raw.trim()
    if (!text) return 'Enter an owner address'
    if (!isAddress(text, { strict: false }))
      return 'Not an address: expected 0x followed by 40 hexadecimal characters'
    const address = getAddress(text)
    if (address === '0x0000000000000000000000000000000000000001' || /^0x0{40}$/i.test(address))
      return 'This address cannot be an owner'
    if (
      form.owners
        .slice(0, index)
        .some(
          (other) =>
            isAddress(other.trim(), { strict: false }) && isAddressEqual(getAddress(other.trim()), address),
        )
    )
      return 'This owner is already listed'
    owners.push(address)
    return null
  })
  const threshold = Number(form.threshold)
  const thresholdError =
    !/^\d+$/.test(form.threshold.trim()) || threshold < 1
      ? 'At least one confirmation'
      : threshold > form.owners.length
        ? `At most ${form.owners.length} (the number of owners)`
        : null
  const saltText = form.saltNonce.trim()
  const saltError =
    !/^\d+$/.test(saltText) || BigInt(saltText) > MAX_UINT256 ? 'A whole number (uint256)' : null
  if ('error' in name || ownerErrors.some(Boolean) || thresholdError || saltError)
    return {
      ok: false,
      errors: { name: nameError, owners: ownerErrors, threshold: thresholdError, saltNonce: saltError },
    }
  return { ok: true, value: { name: name.name, owners, threshold, saltNonce: BigInt(saltText) } }
}
