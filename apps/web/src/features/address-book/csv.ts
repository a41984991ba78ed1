import { getAddress, isAddress } from 'viem'

// The address book's CSV (`address,name,chainId`, as Safe{Wallet} exports it), checked row by row with the
// gateway's rules, so a browser-only book (not signed in) imports the same way.

export const MAX_NAME_LENGTH = 50
export const MAX_ENTRIES = 1000
export const MAX_CSV_CHARS = 256 * 1024

export type BookEntry = { address: string; name: string }
export type RowError = { line: number; message: string }

/** A name: trimmed, 1–50 characters, no control characters. */
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
export function checkAddress(raw: string): { address: string } | { error: string } {
  const text = raw.trim()
  if (!isAddress(text, { strict: false })) return { error: `Invalid address ${text.slice(0, 60)}` }
  if (!isAddress(text, { strict: true })) return { error: `Wrong checksum in address ${text}` }
  return { address: getAddress(text) }
}

/** RFC 4180 lines: quoted fields may hold commas, quotes ("") and line breaks. */
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

/** Checks a whole CSV for this chain: good entries and each bad row with its line and reason. */
export function parseAddressBookCsv(
  text: string,
  chainId: string,
): { entries: BookEntry[]; errors: RowError[] } | { error: string } {
  if (text.length > MAX_CSV_CHARS) return { error: 'The file is too large' }
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
  if (lines.length - 1 > MAX_ENTRIES) return { error: `At most ${MAX_ENTRIES} rows per import` }
  const entries: BookEntry[] = []
  const errors: RowError[] = []
  const seen = new Map<string, number>()
  for (const { line, fields } of lines.slice(1)) {
    const fail = (message: string) => errors.push({ line, message })
    if (fields.length !== names.length) {
      fail(`Expected ${names.length} fields, found ${fields.length}`)
      continue
    }
    const address = checkAddress(fields[col.address] ?? '')
    if ('error' in address) {
      fail(address.error)
      continue
    }
    const name = checkName(fields[col.name] ?? '')
    if ('error' in name) {
      fail(name.error)
      continue
    }
    const rowChain = (fields[col.chainId] ?? '').trim()
    if (rowChain !== chainId) {
      fail(`Chain ${rowChain.slice(0, 20)} is not this Safe's chain (${chainId})`)
      continue
    }
    const earlier = seen.get(address.address)
    if (earlier !== undefined) {
      fail(`${address.address} is already on line ${earlier}`)
      continue
    }
    seen.set(address.address, line)
    entries.push({ address: address.address, name: name.name })
  }
  return { entries, errors }
}

/** One CSV cell, quoted when needed; a leading = + - @ gets a ' so spreadsheets show it as text. */
export function csvCell(value: string): string {
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value
  return /[",\r\n]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe
}

/** The book as CSV, in the format it imports. */
export const toCsv = (entries: readonly BookEntry[], chainId: string): string =>
  `${[
    'address,name,chainId',
    ...entries.map((e) => [e.address, e.name, chainId].map(csvCell).join(',')),
  ].join('\n')}\n`
