import { describe, expect, it } from 'vitest'
import { checkCsv, splitCsvLine, type Token, tokensOf, toTransactions, totalsOf } from './payments'

const DEMO = '0x5FbDB2315678afecb367f032d93F642f64180aa3'
const A = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'
const B = '0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC'
const tokens: Token[] = tokensOf([
  {
    balance: '2000000000000000000',
    tokenInfo: {
      type: 'NATIVE_TOKEN',
      address: '0x0000000000000000000000000000000000000000',
      decimals: 18,
      symbol: 'ETH',
    },
  },
  {
    balance: '1000000000',
    tokenInfo: { type: 'ERC20', address: DEMO.toLowerCase(), decimals: 6, symbol: 'DEMO' },
  },
])

describe('checkCsv', () => {
  it('default: header skipped, tokens by name, symbol or address', () => {
    const { payments, bad } = checkCsv(
      `token,recipient,amount\nnative,${A},0.5\nDEMO,${B},12.5\n${DEMO},${A},1`,
      tokens,
    )
    expect(bad).toEqual([])
    expect(payments.map((p) => [p.line, p.token.symbol, p.recipient, p.amount])).toEqual([
      [2, 'ETH', A, 500000000000000000n],
      [3, 'DEMO', B, 12500000n],
      [4, 'DEMO', A, 1000000n],
    ])
  })

  it('behavior: every bad row reported with all its reasons, none dropped', () => {
    const wrongChecksum = A.replace('C51812dc', 'c51812DC')
    const { payments, bad } = checkCsv(
      [
        `native,${A},1`,
        `FOO,nope,-1`,
        `DEMO,${B},0.0000001`,
        `native,${wrongChecksum},1`,
        'just one field',
        `native,${A},0`,
      ].join('\n'),
      tokens,
    )
    expect(payments).toHaveLength(1)
    expect(bad.map((b) => b.line)).toEqual([2, 3, 4, 5, 6])
    expect(bad[0]?.reasons).toEqual([
      'unknown token "FOO" (use the token address, its symbol or "native")',
      'recipient "nope" is not an address',
      'amount "-1" is not a positive decimal number',
    ])
    expect(bad[1]?.reasons).toEqual(['DEMO has only 6 decimals'])
    expect(bad[2]?.reasons[0]).toMatch(/checksum/)
    expect(bad[3]?.reasons[0]).toMatch(/expected 3 fields/)
    expect(bad[4]?.reasons).toEqual(['amount is zero'])
  })

  it('default: totals against balances, and the transactions', () => {
    const { payments } = checkCsv(`native,${A},1.5\nnative,${B},1\nDEMO,${B},2`, tokens)
    const totals = totalsOf(payments)
    expect(totals.map((t) => [t.token.symbol, t.formatted, t.count, t.enough])).toEqual([
      ['ETH', '2.5', 2, false],
      ['DEMO', '2', 1, true],
    ])
    const txs = toTransactions(payments)
    expect(txs[0]).toEqual({ to: A, value: '1500000000000000000', data: '0x' })
    expect(txs[2]?.to).toBe(DEMO)
    expect(txs[2]?.value).toBe('0')
    expect(txs[2]?.data.startsWith('0xa9059cbb')).toBe(true)
  })

  it('default: quoted fields and other separators', () => {
    expect(splitCsvLine('"a,b";c\t"d""e"')).toEqual(['a,b', 'c', 'd"e'])
  })
})
