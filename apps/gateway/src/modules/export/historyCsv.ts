// One CSV line per executed history item (B10: "CSV tx export", which Safe runs as a CGW + S3 job; here it is
// streamed straight from the index). Cells a spreadsheet would run as a formula are defused.
import { formatUnits } from 'viem'
import type {
  HistoryItem,
  ModuleTx,
  MultisigTx,
  Token,
  Transfer,
} from '../transactions/transactions.repository.ts'

export const CSV_HEADER = [
  'date',
  'transactionId',
  'type',
  'status',
  'direction',
  'from',
  'to',
  'token',
  'tokenAddress',
  'amount',
  'txHash',
  'safeTxHash',
  'nonce',
  'notes',
] as const

/** One CSV cell: quoted when needed; a leading = + - @ tab or CR gets a ' so spreadsheets show it as text. */
export function csvCell(value: string): string {
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value
  return /[",\r\n]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe
}

export const csvLine = (cells: readonly string[]) => `${cells.map(csvCell).join(',')}\r\n`

export type ExportContext = {
  safe: string
  native: { symbol: string; decimals: number }
  tokens: Map<string, Token>
  /** Notes by transaction id, already formatted ("author: note"). */
  notes: Map<string, string[]>
}

type Row = Record<(typeof CSV_HEADER)[number], string>

const empty = (): Row => Object.fromEntries(CSV_HEADER.map((h) => [h, ''])) as Row

function nativeAmount(value: string | null, ctx: ExportContext): Partial<Row> {
  if (!value || value === '0') return {}
  return { token: ctx.native.symbol, amount: formatUnits(BigInt(value), ctx.native.decimals) }
}

/** The cells of one item, in CSV_HEADER order. */
export function historyRow(
  item: HistoryItem,
  rows: { multisig?: MultisigTx; module?: ModuleTx; transfer?: Transfer },
  ctx: ExportContext,
): string[] {
  const row = empty()
  row.date = new Date(item.timestamp * 1000).toISOString()
  row.type = item.kind
  if (item.kind === 'creation') {
    row.transactionId = `creation_${ctx.safe}`
    row.status = 'SUCCESS'
  } else if (item.kind === 'multisig' && rows.multisig) {
    const tx = rows.multisig
    const hash = tx.safeTxHash.toLowerCase()
    Object.assign(row, {
      transactionId: `multisig_${ctx.safe}_${hash}`,
      status: tx.success ? 'SUCCESS' : 'FAILED',
      direction: tx.value && tx.value !== '0' ? 'OUTGOING' : '',
      from: ctx.safe,
      to: tx.to ?? '',
      txHash: tx.txHash,
      safeTxHash: hash,
      nonce: String(tx.nonce),
      ...nativeAmount(tx.value, ctx),
    })
  } else if (item.kind === 'module' && rows.module) {
    const tx = rows.module
    Object.assign(row, {
      transactionId: `module_${ctx.safe}_m${tx.txHash.toLowerCase()}${tx.logIndex}`,
      status: tx.success ? 'SUCCESS' : 'FAILED',
      direction: tx.value && tx.value !== '0' ? 'OUTGOING' : '',
      from: ctx.safe,
      to: tx.to ?? '',
      txHash: tx.txHash,
      ...nativeAmount(tx.value, ctx),
    })
  } else if (item.kind === 'transfer' && rows.transfer) {
    const t = rows.transfer
    const token = t.token ? ctx.tokens.get(t.token) : undefined
    const incoming = t.to.toLowerCase() === ctx.safe.toLowerCase()
    Object.assign(row, {
      transactionId: `transfer_${ctx.safe}_e${t.txHash.toLowerCase()}${t.logIndex}`,
      status: 'SUCCESS',
      direction: incoming ? 'INCOMING' : 'OUTGOING',
      from: t.from,
      to: t.to,
      txHash: t.txHash,
      tokenAddress: t.token ?? '',
    })
    if (t.type === 'NATIVE_COIN') Object.assign(row, nativeAmount(t.value, ctx))
    else if (t.type === 'ERC721')
      Object.assign(row, { token: token?.symbol ?? '', amount: `#${t.tokenId ?? ''}` })
    else
      Object.assign(row, {
        token: token?.symbol ?? '',
        amount:
          t.value === null
            ? ''
            : token?.decimals != null
              ? formatUnits(BigInt(t.value), token.decimals)
              : t.value,
      })
  }
  row.notes = (ctx.notes.get(row.transactionId) ?? []).join(' | ')
  return CSV_HEADER.map((h) => row[h])
}
