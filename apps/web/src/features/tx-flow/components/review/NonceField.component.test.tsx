import { render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { useState } from 'react'
import { describe, expect, it } from 'vitest'
import { checkNonce } from '../../builders/nonce'
import { NonceField } from './NonceField'

/** The nonce field as the new-transaction review wires it: the Safe at 5, nonces 5 and 6 queued, 7 recommended. */
function Harness({ queuedNonces = [5, 6] }: { queuedNonces?: number[] }) {
  const [nonce, setNonce] = useState('7')
  const current = { currentNonce: 5, recommendedNonce: 7, queuedNonces }
  return (
    <NonceField value={nonce} onChange={setNonce} {...current} check={checkNonce({ nonce, ...current })} />
  )
}

async function typeNonce(nonce: string) {
  const user = userEvent.setup()
  const input = screen.getByLabelText<HTMLInputElement>('Safe nonce')
  await user.clear(input)
  await user.type(input, nonce)
  return input
}

describe('NonceField', () => {
  it('default: the recommended nonce, with the Safe nonce and the queue as a hint, and no warning', () => {
    render(<Harness />)
    expect(screen.getByLabelText<HTMLInputElement>('Safe nonce').value).toBe('7')
    expect(screen.getByText('Recommended: 7 (the Safe is at 5; queued: 5, 6)')).toBeDefined()
    expect(screen.queryAllByTestId('nonce-warning')).toEqual([])
    expect(screen.queryByRole('alert')).toBeNull()
  })

  it('behavior: a queued nonce warns of the duplicate; a nonce past the next free one names the gap', async () => {
    render(<Harness queuedNonces={[5, 6, 8]} />)
    await typeNonce('6')
    expect(screen.getAllByTestId('nonce-warning').map((w) => w.textContent)).toEqual([
      'Another queued transaction already uses nonce 6: only one of them can be executed (this replaces it if it runs first)',
    ])
    await typeNonce('10')
    expect(screen.getAllByTestId('nonce-warning').map((w) => w.textContent)).toEqual([
      'Nonce gap: no transaction uses nonces 7, 9 yet, so this one cannot be executed until they are',
    ])
  })

  it('error: a used nonce or text replaces the hint with the error and marks the input invalid', async () => {
    render(<Harness />)
    const input = await typeNonce('4')
    expect(screen.getByRole('alert').textContent).toBe("Nonce 4 was already used: the Safe's next nonce is 5")
    expect(input.getAttribute('aria-invalid')).toBe('true')
    expect(screen.queryByText(/^Recommended:/)).toBeNull()
    await typeNonce('x')
    expect(screen.getByRole('alert').textContent).toBe('The nonce is a whole number')
    await typeNonce('7')
    expect(screen.queryByRole('alert')).toBeNull()
    expect(input.getAttribute('aria-invalid')).toBe('false')
  })
})
