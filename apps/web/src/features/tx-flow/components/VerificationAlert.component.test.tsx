import { render, screen, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { VerificationAlert } from './VerificationAlert'

describe('VerificationAlert', () => {
  it('default: nothing is shown while every check holds', () => {
    const { container } = render(
      <VerificationAlert title="The gateway's data does not verify" problems={[]} />,
    )
    expect(container.innerHTML).toBe('')
  })

  it('behavior: each problem is announced in one alert that says not to sign', () => {
    const problems = ['The safeTxHash differs from the one computed here', 'A signature is not from an owner']
    render(<VerificationAlert title="The gateway's data does not verify" problems={problems} />)
    const alert = screen.getByRole('alert')
    expect(within(alert).getByRole('heading').textContent?.trim()).toBe("The gateway's data does not verify")
    expect(
      within(alert)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(problems)
    expect(alert.textContent).toContain('Do not sign.')
  })
})
