import { gatewayScope } from '../../../lib/gateway'

export const notesKeys = {
  all: () => [gatewayScope(), 'notes'] as const,
  /** Everything cached of one Safe's notes. */
  safe: (chainId: string, safe: string) => [...notesKeys.all(), chainId, safe.toLowerCase()] as const,
  ofTx: (chainId: string, safe: string, txId: string, signedIn: string) =>
    [...notesKeys.safe(chainId, safe), txId, signedIn] as const,
  /** Every note of a Safe (one request for a whole list of rows). */
  ofSafe: (chainId: string, safe: string, signedIn: string) =>
    [...notesKeys.safe(chainId, safe), '*', signedIn] as const,
}
