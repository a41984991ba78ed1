import type * as SafeTx from '@concord/safe/SafeTx'
import { encodeSignatures } from '@concord/safe/signatures'
import { screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import {
  type Address,
  encodeFunctionData,
  getAddress,
  type Hex,
  keccak256,
  parseAbi,
  toHex,
  zeroAddress,
} from 'viem'
import { privateKeyToAccount, sign } from 'viem/accounts'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { configureGateway } from '../../../../lib/gateway'
import { renderWithProviders, testQueryClient, testWagmiConfig } from '../../../../testing/providers'
import { SignaturesPanel } from '../verify/SignaturesPanel'
import { RisksPanel, useRiskGate } from './RisksPanel'

const SAFE = '0x5afE5afE5afE5afE5afE5afE5afE5afE5afE5afE' as Address
const EVIL = getAddress('0xbad0000000000000000000000000000000c0ffee')
const TOKEN = '0x7070707070707070707070707070707070707070' as Address
const RECIPIENT = '0x1111111111111111111111111111111111111111' as Address
const OWNER_KEY = keccak256(toHex('owner')) as Hex
const STRANGER_KEY = keccak256(toHex('stranger')) as Hex
const owner = privateKeyToAccount(OWNER_KEY).address
const stranger = privateKeyToAccount(STRANGER_KEY).address
const SAFE_TX_HASH = keccak256(toHex('a safe transaction'))

const safeTx = (call: Pick<SafeTx.SafeTx, 'to' | 'value' | 'data' | 'operation'>): SafeTx.SafeTx => ({
  ...call,
  safeTxGas: 0n,
  baseGas: 0n,
  gasPrice: 0n,
  gasToken: zeroAddress,
  refundReceiver: zeroAddress,
  nonce: 7n,
})

/** /verify's signatures panel for `tx`, with the Safe's owners as the chain would answer them (preloaded). */
function renderSignatures(
  tx: SafeTx.SafeTx,
  signatures: Hex = '0x',
  onChain = { owners: [owner], threshold: 2 },
) {
  const queryClient = testQueryClient()
  queryClient.setQueryData(['verify', 'safe-state', 1, SAFE, owner], { ...onChain, nonce: tx.nonce })
  const wallet = { config: testWagmiConfig(() => undefined), account: owner }
  return renderWithProviders(
    <SignaturesPanel
      input={{ chainId: 1, safe: SAFE, version: '1.4.1', tx }}
      safeTxHash={SAFE_TX_HASH}
      signatures={signatures}
      onSignatures={() => {}}
      wallet={wallet}
    />,
    { queryClient },
  )
}

describe('RisksPanel in /verify', () => {
  it('behavior: a blocking risk holds signing until the last 6 characters of the target are typed', async () => {
    const user = userEvent.setup()
    renderSignatures(safeTx({ to: EVIL, value: 0n, data: '0x', operation: 1 }))
    const risk = await screen.findByTestId('review-risk')
    expect(risk.dataset.level).toBe('block')
    expect(risk.textContent).toContain(`Blocked: DELEGATECALL to ${EVIL}`)
    const signButton = screen.getByTestId<HTMLButtonElement>('verify-sign')
    expect(signButton.disabled).toBe(true)

    const confirm = within(risk).getByLabelText(/type the last 6 characters of the target address/)
    await user.type(confirm, '0c0ffe')
    expect(signButton.disabled).toBe(true)
    await user.clear(confirm)
    await user.type(confirm, 'c0ffe')
    expect(signButton.disabled).toBe(true)
    await user.clear(confirm)
    // Any case, surrounding spaces ignored: it is the characters that are read.
    await user.type(confirm, ' C0FFEE ')
    expect(signButton.disabled).toBe(false)
  })

  it('behavior: a high-impact risk is listed without holding signing', async () => {
    const data = encodeFunctionData({
      abi: parseAbi(['function changeThreshold(uint256 threshold)']),
      args: [1n],
    })
    renderSignatures(safeTx({ to: SAFE, value: 0n, data, operation: 0 }))
    const risk = await screen.findByTestId('review-risk')
    expect(risk.dataset.level).toBe('high')
    expect(risk.textContent).toContain('High impact: Changes who controls the Safe: changes the threshold')
    expect(within(risk).queryByRole('textbox')).toBeNull()
    expect(screen.getByTestId<HTMLButtonElement>('verify-sign').disabled).toBe(false)
  })

  it("behavior: each signature is recovered and matched with the chain's owners", async () => {
    const signatures = encodeSignatures([
      { signer: owner, signature: await sign({ hash: SAFE_TX_HASH, privateKey: OWNER_KEY, to: 'hex' }) },
      {
        signer: stranger,
        signature: await sign({ hash: SAFE_TX_HASH, privateKey: STRANGER_KEY, to: 'hex' }),
      },
    ])
    renderSignatures(safeTx({ to: RECIPIENT, value: 1n, data: '0x', operation: 0 }), signatures, {
      owners: [owner, RECIPIENT],
      threshold: 2,
    })
    const rows = await screen.findAllByTestId('verify-signature')
    const bySigner = new Map(rows.map((row) => [row.querySelector('code')?.textContent, row]))
    expect(bySigner.get(owner)?.dataset.owner).toBe('true')
    expect(bySigner.get(stranger)?.dataset.owner).toBe('false')
    expect(bySigner.get(stranger)?.textContent).toContain('not an owner of this Safe')
    // Only the owner's counts; the connected owner has signed, so no second signature is offered.
    expect(screen.getByTestId('verify-threshold').textContent).toContain('1 of 2 owner signatures')
    expect(screen.queryByTestId('verify-sign')).toBeNull()
    expect(screen.queryByTestId('review-risks')).toBeNull()
    expect(screen.getByTestId('review-risks-checked')).toBeDefined()
  })
})

/** The review's wiring of the gate (NewTxReview): the risks of `call`, and signing held while the gate is. */
function Review({ call }: { call: Pick<SafeTx.SafeTx, 'to' | 'value' | 'data' | 'operation'> }) {
  const gate = useRiskGate(call, SAFE, 1)
  return (
    <>
      <RisksPanel gate={gate} />
      <button type="button" disabled={gate.held}>
        Sign
      </button>
    </>
  )
}

describe('useRiskGate with the chain and the gateway', () => {
  const fetchMock = vi.fn<typeof fetch>()
  beforeEach(() => {
    configureGateway('https://gateway.test')
    vi.stubGlobal('fetch', fetchMock)
  })
  afterEach(() => {
    vi.unstubAllGlobals()
    fetchMock.mockReset()
  })

  const paidBefore = (paid: boolean) =>
    fetchMock.mockImplementation(async (input) => {
      const url = String(input)
      expect(url).toBe(`https://gateway.test/v1/chains/1/safes/${SAFE}/recipients/${RECIPIENT}`)
      return new Response(JSON.stringify({ paidBefore: paid }), { status: 200 })
    })

  it("default: a payment to a known recipient shows no panel once the gateway's answer is in", async () => {
    paidBefore(true)
    renderWithProviders(<Review call={{ to: RECIPIENT, value: 10n ** 18n, data: '0x', operation: 0 }} />)
    await screen.findByTestId('review-risks-checked')
    expect(screen.queryByTestId('review-risks')).toBeNull()
    expect(fetchMock).toHaveBeenCalledTimes(1)
  })

  it('behavior: a first payment is a warning that does not hold signing', async () => {
    paidBefore(false)
    renderWithProviders(<Review call={{ to: RECIPIENT, value: 10n ** 18n, data: '0x', operation: 0 }} />)
    const risk = await screen.findByTestId('review-risk')
    expect(risk.dataset.kind).toBe('new-recipient')
    expect(risk.textContent).toContain(`Check: First payment to ${RECIPIENT}`)
    expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Sign' }).disabled).toBe(false)
  })

  it('behavior: a call to an address without code on the chain is a high-impact risk', async () => {
    paidBefore(true)
    const codeAsked: unknown[] = []
    const data = encodeFunctionData({
      abi: parseAbi(['function transfer(address to, uint256 amount)']),
      args: [RECIPIENT, 5n],
    })
    renderWithProviders(<Review call={{ to: TOKEN, value: 0n, data, operation: 0 }} />, {
      rpc: (method, params) => {
        expect(method).toBe('eth_getCode')
        codeAsked.push(params[0])
        return '0x'
      },
    })
    const risk = await screen.findByTestId('review-risk')
    expect(risk.dataset).toMatchObject({ kind: 'no-code', level: 'high' })
    expect(risk.textContent).toContain(`${TOKEN} has no contract code on this chain`)
    expect(codeAsked).toEqual([TOKEN])
  })
})
