import { render, screen, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { testChain } from '../../testing/chains'
import { KnownTokensContext } from '../ui/KnownTokensContext'
import { type Decoded, DecodedData } from './DecodedData'

const TOKEN = '0x7070707070707070707070707070707070707070'
const RECIPIENT = '0x1111111111111111111111111111111111111111'
const SPENDER = '0x2222222222222222222222222222222222222222'
const LIBRARY = '0x3333333333333333333333333333333333333333'
const cUSD = { address: TOKEN, symbol: 'cUSD', name: 'Concord USD', decimals: 6 }

/** DecodedData with the open Safe's tokens: cUSD on `chainId`. */
const renderDecoded = (
  decoded: Decoded,
  { target, chainId = '1' }: { target?: string; chainId?: string } = {},
) =>
  render(
    <KnownTokensContext value={{ chainId, tokens: new Map([[TOKEN, cUSD]]) }}>
      <DecodedData chain={testChain} decoded={decoded} target={target} />
    </KnownTokensContext>,
  )

const transfer = (amount: string): Decoded => ({
  method: 'transfer',
  parameters: [
    { name: 'to', type: 'address', value: RECIPIENT },
    { name: 'value', type: 'uint256', value: amount },
  ],
})

const multiSend = (actions: unknown[]): Decoded => ({
  method: 'multiSend',
  parameters: [
    { name: 'transactions', type: 'bytes', value: `0x${'00'.repeat(120)}`, valueDecoded: actions },
  ],
})

const textOf = (node: Element | null | undefined) => node?.textContent?.replace(/\s+/g, ' ').trim()

describe('DecodedData', () => {
  it("behavior: a MultiSend lists its actions, each decoded, a known token's amount in its units", () => {
    renderDecoded(
      multiSend([
        { operation: 0, to: RECIPIENT, value: '1500000000000000000', data: null },
        { operation: 0, to: TOKEN, value: '0', data: '0xa9059cbb', dataDecoded: transfer('2500000') },
        { operation: 1, to: LIBRARY, value: '0', data: '0x12345678', dataDecoded: null },
      ]),
    )
    expect(screen.getByTestId('tx-method').textContent).toBe('multiSend')
    const actions = within(screen.getByTestId('tx-actions')).getAllByTestId('tx-action')
    expect(screen.getByText('3 actions')).toBeDefined()
    expect(actions.map((action) => textOf(action.querySelector('.action-head')))).toEqual([
      'Transfer · 1.5 ETH',
      'transfer',
      'Contract calldelegate call',
    ])
    // The token action: its contract named from the Safe's tokens, its amount read in cUSD (raw kept).
    const [, tokenAction, libraryAction] = actions as [HTMLElement, HTMLElement, HTMLElement]
    expect(within(tokenAction).getByText('Concord USD (cUSD)')).toBeDefined()
    const amount = within(tokenAction).getByTestId('tx-param-amount')
    expect(textOf(amount)).toBe('2.5 cUSD')
    expect(amount.dataset.raw).toBe('2500000')
    expect(within(tokenAction).getByTestId('tx-action-method').textContent).toBe('transfer')
    // Undecoded calldata is shown as hex with its length.
    expect(textOf(libraryAction.querySelector('.hex'))).toBe('0x12345678 (4 bytes)')
  })

  it("behavior: another chain's token at the same address is not read in units", () => {
    renderDecoded(transfer('2500000'), { target: TOKEN, chainId: '100' })
    expect(screen.queryByTestId('tx-param-amount')).toBeNull()
    expect(screen.getByText('2500000')).toBeDefined()
  })

  it('behavior: an approval of the largest amount reads Unlimited; a non-amount method stays raw', () => {
    const max = (2n ** 256n - 1n).toString()
    const { unmount } = renderDecoded(
      {
        method: 'approve',
        parameters: [
          { name: 'spender', type: 'address', value: SPENDER },
          { name: 'value', type: 'uint256', value: max },
        ],
      },
      { target: TOKEN },
    )
    expect(textOf(screen.getByTestId('tx-param-amount'))).toBe('Unlimited cUSD')
    unmount()
    renderDecoded(
      { method: 'setFee', parameters: [{ name: 'fee', type: 'uint256', value: '2500000' }] },
      { target: TOKEN },
    )
    expect(screen.queryByTestId('tx-param-amount')).toBeNull()
    expect(screen.getByTestId('tx-param').textContent).toContain('2500000')
    expect(screen.getByText('(1 parameter)')).toBeDefined()
  })
})
