import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { safeProxyFactoryAbi } from '@concord/safe/contracts'
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { encodeFunctionResult, type Hex, isAddressEqual } from 'viem'
import { describe, expect, it } from 'vitest'
import { testChain } from '../../../testing/chains'
import { renderWithProviders } from '../../../testing/providers'
import { NEW_SAFE_CONTRACTS } from '../utils/predictSafeAddress'
import { CreateSafeForm } from './CreateSafeForm'

// The proxy's creation code from the published v1.4.1 build (what SafeProxyFactory.proxyCreationCode() returns).
const artifact = createRequire(import.meta.url).resolve(
  '@safe-global/safe-contracts/build/artifacts/contracts/proxies/SafeProxy.sol/SafeProxy.json',
)
const proxyCreationCode = (JSON.parse(readFileSync(artifact, 'utf8')) as { bytecode: Hex }).bytecode

// Hardhat accounts #0 and #1; as 1-of-2 with salt 1 the factory puts their Safe at TREASURY (predictSafeAddress.test).
const a0 = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'
const a1 = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'
const TREASURY = '0xeE3A570203441329791FA2AC2C912EBC9983F886'

/** The form on one chain whose node has the factory (unless `factory` is false) and code at `deployed`. */
function renderForm({ factory = true, deployed = [] as string[] } = {}) {
  const codeAsked: string[] = []
  const rpc = (method: string, params: readonly unknown[]) => {
    if (method === 'eth_getCode') {
      const address = params[0] as string
      codeAsked.push(address)
      if (isAddressEqual(address as Hex, NEW_SAFE_CONTRACTS.factory)) return factory ? '0x6080' : '0x'
      return deployed.some((d) => isAddressEqual(d as Hex, address as Hex)) ? '0x6080' : '0x'
    }
    if (method === 'eth_call')
      return encodeFunctionResult({
        abi: safeProxyFactoryAbi,
        functionName: 'proxyCreationCode',
        result: proxyCreationCode,
      })
    throw new Error(`unexpected JSON-RPC request ${method}`)
  }
  renderWithProviders(<CreateSafeForm chains={[testChain]} defaultChainId="1" onOpen={() => {}} />, { rpc })
  return { user: userEvent.setup(), codeAsked }
}

const owners = () => screen.getAllByTestId<HTMLInputElement>('create-safe-owner')
const submit = () => screen.getByTestId<HTMLButtonElement>('create-safe-submit')

type User = ReturnType<typeof userEvent.setup>

/** Pastes `address` into the owner field at `index`, as addresses are entered. */
async function pasteOwner(user: User, index: number, address: string) {
  await user.click(owners()[index]!)
  await user.paste(address)
}

/** Fills owners a0 and a1, threshold 1 and salt 1: the treasury's parameters. */
async function fillTreasury(user: User) {
  await pasteOwner(user, 0, a0)
  await user.click(screen.getByTestId('create-safe-add-owner'))
  await pasteOwner(user, 1, a1)
  await user.click(screen.getByTestId('create-safe-advanced-toggle'))
  await user.clear(screen.getByTestId('create-safe-salt'))
  await user.type(screen.getByTestId('create-safe-salt'), '1')
}

describe('CreateSafeForm', () => {
  it("default: the address is predicted from the factory's own creation code once the form is valid", async () => {
    const { user, codeAsked } = renderForm()
    await waitFor(() => expect(submit().disabled).toBe(false))
    expect(screen.getByTestId('predicted-address').dataset.address).toBeUndefined()
    await fillTreasury(user)
    await waitFor(() => expect(screen.getByTestId('predicted-address').dataset.address).toBe(TREASURY))
    // Whether a contract is already there is asked of the chain.
    await waitFor(() => expect(codeAsked).toContain(TREASURY))
    expect(screen.queryByTestId('address-taken')).toBeNull()
    expect(submit().disabled).toBe(false)
  })

  it('behavior: an address that already holds a contract cannot be submitted', async () => {
    const { user } = renderForm({ deployed: [TREASURY] })
    await fillTreasury(user)
    expect((await screen.findByTestId('address-taken')).textContent).toContain('change the salt nonce')
    expect(submit().disabled).toBe(true)
  })

  it('error: a chain without the v1.4.1 factory says so and holds the form', async () => {
    renderForm({ factory: false })
    expect((await screen.findByTestId('no-factory')).textContent).toBe(
      'The Safe v1.4.1 proxy factory is not deployed on Ethereum.',
    )
    expect(submit().disabled).toBe(true)
  })

  it('error: submitting shows each invalid owner, and a bad salt opens Advanced to show its error', async () => {
    const { user } = renderForm()
    await waitFor(() => expect(submit().disabled).toBe(false))
    await pasteOwner(user, 0, '0x1234')
    await user.click(screen.getByTestId('create-safe-add-owner'))
    await pasteOwner(user, 1, a0)
    await user.click(screen.getByTestId('create-safe-add-owner'))
    await pasteOwner(user, 2, a0.toLowerCase())
    // Before a submit, nothing is flagged.
    expect(owners().map((o) => o.getAttribute('aria-invalid'))).toEqual(['false', 'false', 'false'])
    await user.clear(screen.getByTestId('create-safe-salt'))
    await user.type(screen.getByTestId('create-safe-salt'), 'one')
    const advanced = screen.getByTestId<HTMLDetailsElement>('create-safe-advanced')
    expect(advanced.open).toBe(false)
    await user.click(submit())

    expect(owners().map((o) => o.getAttribute('aria-invalid'))).toEqual(['true', 'false', 'true'])
    const rows = within(screen.getByTestId('create-safe-owners'))
    expect(rows.getByText('Not an address: expected 0x followed by 40 hexadecimal characters')).toBeDefined()
    expect(rows.getByText('This owner is already listed')).toBeDefined()
    expect(advanced.open).toBe(true)
    expect(within(advanced).getByText('A whole number (uint256)')).toBeDefined()
    // Still the form: nothing to review.
    expect(screen.getByTestId('create-safe-form')).toBeDefined()
  })

  it('behavior: removing owners lowers a threshold above their number', async () => {
    const { user } = renderForm()
    await fillTreasury(user)
    await user.click(screen.getByTestId('create-safe-add-owner'))
    const threshold = screen.getByTestId<HTMLSelectElement>('create-safe-threshold')
    await user.selectOptions(threshold, '3')
    expect(screen.getByText('out of 3 owner(s) must confirm each transaction')).toBeDefined()
    await user.click(screen.getByRole('button', { name: 'Remove owner 3' }))
    expect(threshold.value).toBe('2')
    expect([...threshold.options].map((o) => o.value)).toEqual(['1', '2'])
    await user.click(screen.getByRole('button', { name: 'Remove owner 1' }))
    expect(threshold.value).toBe('1')
    expect(owners().map((o) => o.value)).toEqual([a1])
    expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Remove owner 1' }).disabled).toBe(true)
  })
})
