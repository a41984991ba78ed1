/**
 * Transaction ids as the Client Gateway builds them: `multisig_<safe>_<safeTxHash>`, `module_…`,
 * `transfer_…`, `creation_<safe>` or a bare `0x…` hash, so letters, digits and underscores only. The id
 * comes from a link (`?id=`) and becomes a path segment of a gateway request, so anything else is refused:
 * `../`, `%2F`, `?` or `#` would make the SDK read another API path.
 */
const TRANSACTION_ID = /^[A-Za-z0-9_]{1,300}$/

export const isTransactionId = (value: string): boolean => TRANSACTION_ID.test(value)

export type TransactionIdParam = { status: 'none' } | { status: 'invalid' } | { status: 'ok'; id: string }

/** Reads the `id` query parameter of the transaction page. */
export function parseTransactionIdParam(raw: string | null): TransactionIdParam {
  if (raw === null || raw === '') return { status: 'none' }
  return isTransactionId(raw) ? { status: 'ok', id: raw } : { status: 'invalid' }
}
