// The address book's CSV format (`address,name,chainId`, as Safe{Wallet} exports it) and the rules of one
// entry. Every row is checked on its own, so an import can report each bad row with its line and reason. The
// gateway checks imports with this and the web app checks a browser-only book (not signed in) with it, so the
// two cannot drift apart.
import { type Address, getAddress, isAddress } from 'viem'

export const MAX_NAME_LENGTH = 50
/** Entries one Safe's address book holds at most (and rows one import may carry). */
export const MAX_ENTRIES = 1000
/** Largest CSV text accepted (about 1000 rows of long names). */
export const MAX_CSV_CHARS = 256 * 1024

export type EntryInput = { address: string; name: string; chainId?: string | number | undefined }
export type Entry = { address: Address; name: string }
/** An entry as a book stores it (the address checksummed). */
export type BookEntry = { address: string; name: string }
export type RowError = { line: number; message: string }

/** A name: trimmed, 1–50 characters, no control characters. Returns the name or a reason. */
export function checkName(raw: string): { name: string } | { error: string } {
  const name = raw.trim()
  if (!name) return { error: 'A name is required' }
  // biome-ignore lint/suspicious/noControlCharactersInRegex: refusing them is the point
  if (/[\u0000-\u001f\u007f]/.test(name)) return { error: 'The name contains control characters' }
  if ([...name].length > MAX_NAME_LENGTH)
    return { error: `Name too long (at most ${MAX_NAME_LENGTH} characters)` }
  return { name }
}

/** An address: 0x and 40 hex digits; mixed case must be a valid EIP-55 checksum. */
export function checkAddress(raw: string): { address: Address } | { error: string } {
  const text = raw.trim()
  if (!isAddress(text, { strict: false })) return { error: `Invalid address ${text.slice(0, 60)}` }
  if (!isAddress(text, { strict: true })) return { error: `Wrong checksum in address ${text}` }
  return { address: getAddress(text) }
}

/**
 * Checks rows against the Safe's chain: each good row becomes an entry, each bad one an error naming its line
 * (`lineOf(i)`). A row without a chain id (JSON entries) is taken as on this chain. A repeated address is an
 * error on the later line.
 */
export function checkRows(
  rows: readonly EntryInput[],
  chainId: number | string,
  lineOf: (index: number) => number = (i) => i + 1,
): { entries: Entry[]; errors: RowError[] } {
  const entries: Entry[] = []
  const errors: RowError[] = []
  const seen = new Map<string, number>()
  rows.forEach((row, i) => {
    const error = rowError(row, String(chainId), seen)
    if (typeof error === 'string') errors.push({ line: lineOf(i), message: error })
    else {
      seen.set(error.address, lineOf(i))
      entries.push(error)
    }
  })
  return { entries, errors }
}

/** RFC 4180 fields: commas, quotes ("") and line breaks inside double quotes; CRLF or LF line ends. */
export function parseCsvLines(text: string): { line: number; fields: string[] }[] {
  const out: { line: number; fields: string[] }[] = []
  let fields: string[] = []
  let field = ''
  let quoted = false
  let line = 1
  let start = 1
  const endRow = () => {
    fields.push(field)
    if (fields.length > 1 || fields[0]?.trim()) out.push({ line: start, fields })
    fields = []
    field = ''
  }
  for (let i = 0; i < text.length; i++) {
    const ch = text[i] as string
    if (quoted) {
      if (ch === '"' && text[i + 1] === '"') {
        field += '"'
        i++
      } else if (ch === '"') quoted = false
      else {
        if (ch === '\n') line++
        field += ch
      }
    } else if (ch === '"' && field.trim() === '') {
      field = ''
      quoted = true
    } else if (ch === ',') {
      fields.push(field)
      field = ''
    } else if (ch === '\n' || ch === '\r') {
      if (ch === '\r' && text[i + 1] === '\n') i++
      endRow()
      line++
      start = line
    } else field += ch
  }
  if (field || fields.length) endRow()
  return out
}

/**
 * Rows of an address book CSV: a header naming `address`, `name` and `chainId` (any order, any case), then one
 * row per entry. A row without as many fields as the header is an error on its line; the header is line 1 as in
 * the file. The rows are not checked yet: see checkRows.
 */
export function parseAddressBookCsv(
  text: string,
): { rows: EntryInput[]; lines: number[]; errors: RowError[] } | { error: string } {
  const lines = parseCsvLines(text.replace(/^\uFEFF/, ''))
  const header = lines[0]
  if (!header) return { error: 'The file is empty' }
  const names = header.fields.map((f) => f.trim().toLowerCase())
  const col = {
    address: names.indexOf('address'),
    name: names.indexOf('name'),
    chainId: names.indexOf('chainid'),
  }
  if (col.address < 0 || col.name < 0 || col.chainId < 0)
    return { error: 'The first line must be the header address,name,chainId' }
  const rows: EntryInput[] = []
  const rowLines: number[] = []
  const errors: RowError[] = []
  for (const { line, fields } of lines.slice(1)) {
    if (fields.length !== names.length) {
      errors.push({ line, message: `Expected ${names.length} fields, found ${fields.length}` })
      continue
    }
    rows.push({
      address: fields[col.address] ?? '',
      name: fields[col.name] ?? '',
      chainId: fields[col.chainId] ?? '',
    })
    rowLines.push(line)
  }
  return { rows, lines: rowLines, errors }
}

/**
 * Parses and checks a whole CSV for this chain: good entries, and each bad row with its line and reason (in
 * line order). The file may hold at most MAX_CSV_CHARS characters and MAX_ENTRIES rows.
 */
export function checkAddressBookCsv(
  text: string,
  chainId: number | string,
): { entries: Entry[]; errors: RowError[] } | { error: string } {
  if (text.length > MAX_CSV_CHARS) return { error: 'The file is too large' }
  const parsed = parseAddressBookCsv(text)
  if ('error' in parsed) return parsed
  if (parsed.rows.length + parsed.errors.length > MAX_ENTRIES)
    return { error: `At most ${MAX_ENTRIES} rows per import` }
  const checked = checkRows(parsed.rows, chainId, (i) => parsed.lines[i] ?? 0)
  const errors = [...parsed.errors, ...checked.errors].sort((a, b) => a.line - b.line)
  return { entries: checked.entries, errors }
}

/** One CSV cell, quoted when needed; a leading = + - @ gets a ' so spreadsheets show it as text. */
export function csvCell(value: string): string {
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value
  return /[",\r\n]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe
}

/** The book as CSV, in the format it imports. */
export const toCsv = (entries: readonly BookEntry[], chainId: number | string): string =>
  `${[
    'address,name,chainId',
    ...entries.map((e) => [e.address, e.name, String(chainId)].map(csvCell).join(',')),
  ].join('\n')}\n`

/** A row's error, or its entry when it is good. */
function rowError(row: EntryInput, chainId: string, seen: ReadonlyMap<string, number>): string | Entry {
  const address = checkAddress(row.address)
  if ('error' in address) return address.error
  const name = checkName(row.name)
  if ('error' in name) return name.error
  if (row.chainId !== undefined && String(row.chainId).trim() !== chainId)
    return `Chain ${String(row.chainId).trim().slice(0, 20)} is not this Safe's chain (${chainId})`
  const earlier = seen.get(address.address)
  if (earlier !== undefined) return `${address.address} is already on line ${earlier}`
  return { address: address.address, name: name.name }
}
