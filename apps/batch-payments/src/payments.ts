// The batch's rules, without the DOM or the SDK: CSV rows → checked payments (every bad row kept with its reasons),
// totals per token against the Safe's balances, and the transactions handed to the host (sdk.txs.send).
import {
  type Address,
  encodeFunctionData,
  formatUnits,
  getAddress,
  isAddress,
  parseAbi,
  parseUnits,
} from 'viem'

/** A token the Safe holds (from getBalances): the native coin has no address. */
export type Token = { address: Address | null; symbol: string; decimals: number; balance: bigint }

export type Payment = { line: number; token: Token; recipient: Address; amount: bigint; amountText: string }
export type BadRow = { line: number; text: string; reasons: string[] }
export type Checked = { payments: Payment[]; bad: BadRow[] }

/** At most this many payments in one batch: more would not fit a block's gas (≈ 30k–60k gas each). */
export const MAX_PAYMENTS = 500

const NATIVE_NAMES = new Set(['', 'native', 'eth'])

/** Splits one CSV line on commas (quotes allowed around a field, "" for a quote inside). */
export function splitCsvLine(line: string): string[] {
  const fields: string[] = []
  let field = ''
  let quoted = false
  for (let i = 0; i < line.length; i++) {
    const c = line[i]
    if (quoted) {
      if (c === '"' && line[i + 1] === '"') {
        field += '"'
        i++
      } else if (c === '"') quoted = false
      else field += c
    } else if (c === '"') quoted = true
    else if (c === ',' || c === ';' || c === '\t') {
      fields.push(field.trim())
      field = ''
    } else field += c
  }
  fields.push(field.trim())
  return fields
}

function findToken(name: string, tokens: readonly Token[]): Token | string {
  const key = name.trim()
  if (isAddress(key, { strict: false })) {
    const token = tokens.find((t) => t.address && t.address.toLowerCase() === key.toLowerCase())
    return token ?? `the Safe holds no token at ${key}`
  }
  const native = tokens.find((t) => t.address === null)
  if (NATIVE_NAMES.has(key.toLowerCase()) || (native && key.toLowerCase() === native.symbol.toLowerCase()))
    return native ?? 'the Safe holds no native coin'
  const bySymbol = tokens.filter((t) => t.symbol.toLowerCase() === key.toLowerCase())
  if (bySymbol.length === 1 && bySymbol[0]) return bySymbol[0]
  if (bySymbol.length > 1) return `several tokens are called ${key}: use the token address`
  return `unknown token "${key}" (use the token address, its symbol or "native")`
}

/**
 * Checks every non-empty line `token,recipient,amount` (a first line naming the columns is skipped). A row is
 * good only if all three fields are; otherwise it is reported with every reason, never dropped.
 */
export function checkCsv(text: string, tokens: readonly Token[]): Checked {
  const payments: Payment[] = []
  const bad: BadRow[] = []
  const lines = text.split(/\r?\n/)
  lines.forEach((raw, index) => {
    const line = index + 1
    if (!raw.trim() || raw.trim().startsWith('#')) return
    const fields = splitCsvLine(raw)
    if (index === 0 && /recipient|address/i.test(fields[1] ?? '') && /amount/i.test(fields[2] ?? '')) return
    const reasons: string[] = []
    if (fields.length !== 3)
      reasons.push(`expected 3 fields (token, recipient, amount), found ${fields.length}`)
    const [tokenName = '', recipientText = '', amountText = ''] = fields
    const token = findToken(tokenName, tokens)
    if (typeof token === 'string') reasons.push(token)
    let recipient: Address | undefined
    if (!isAddress(recipientText, { strict: false }))
      reasons.push(`recipient "${recipientText}" is not an address`)
    else if (/[A-F]/.test(recipientText.slice(2)) && !isAddress(recipientText, { strict: true }))
      reasons.push('recipient has a wrong checksum (mixed case that does not match)')
    else recipient = getAddress(recipientText)
    if (recipient && /^0x0{40}$/i.test(recipient)) reasons.push('recipient is the zero address')
    let amount: bigint | undefined
    if (!/^\d+(\.\d+)?$/.test(amountText))
      reasons.push(`amount "${amountText}" is not a positive decimal number`)
    else if (typeof token !== 'string') {
      const decimals = amountText.split('.')[1]?.length ?? 0
      if (decimals > token.decimals) reasons.push(`${token.symbol} has only ${token.decimals} decimals`)
      else {
        amount = parseUnits(amountText, token.decimals)
        if (amount === 0n) reasons.push('amount is zero')
      }
    }
    if (reasons.length || typeof token === 'string' || !recipient || !amount)
      bad.push({ line, text: raw, reasons })
    else payments.push({ line, token, recipient, amount, amountText })
  })
  if (payments.length > MAX_PAYMENTS)
    for (const p of payments.splice(MAX_PAYMENTS))
      bad.push({
        line: p.line,
        text: lines[p.line - 1] ?? '',
        reasons: [`more than ${MAX_PAYMENTS} payments in one batch`],
      })
  bad.sort((a, b) => a.line - b.line)
  return { payments, bad }
}

export type Total = {
  token: Token
  total: bigint
  count: number
  enough: boolean
  formatted: string
  balance: string
}

/** What the batch takes from each token, against what the Safe holds. */
export function totalsOf(payments: readonly Payment[]): Total[] {
  const byToken = new Map<Token, { total: bigint; count: number }>()
  for (const p of payments) {
    const t = byToken.get(p.token) ?? { total: 0n, count: 0 }
    byToken.set(p.token, { total: t.total + p.amount, count: t.count + 1 })
  }
  return [...byToken].map(([token, { total, count }]) => ({
    token,
    total,
    count,
    enough: total <= token.balance,
    formatted: formatUnits(total, token.decimals),
    balance: formatUnits(token.balance, token.decimals),
  }))
}

const erc20 = parseAbi(['function transfer(address to, uint256 amount) returns (bool)'])

/** The batch as the SDK's BaseTransaction list: native coin sent directly, tokens by ERC-20 transfer. */
export function toTransactions(payments: readonly Payment[]): { to: string; value: string; data: string }[] {
  return payments.map((p) =>
    p.token.address === null
      ? { to: p.recipient, value: p.amount.toString(), data: '0x' }
      : {
          to: p.token.address,
          value: '0',
          data: encodeFunctionData({ abi: erc20, functionName: 'transfer', args: [p.recipient, p.amount] }),
        },
  )
}

type BalanceItem = {
  balance: string
  tokenInfo: { type: string; address: string; decimals?: number | null; symbol: string }
}

/** The Safe's balances (getBalances items) as tokens; NFTs are left out. */
export function tokensOf(items: readonly BalanceItem[]): Token[] {
  return items
    .filter((i) => i.tokenInfo.type === 'NATIVE_TOKEN' || i.tokenInfo.type === 'ERC20')
    .map((i) => ({
      address: i.tokenInfo.type === 'NATIVE_TOKEN' ? null : getAddress(i.tokenInfo.address),
      symbol: i.tokenInfo.symbol,
      decimals: i.tokenInfo.decimals ?? 18,
      balance: BigInt(i.balance),
    }))
}
