import { render, screen } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { isPreV130, LegacyHistoryNote } from './LegacyHistoryNote'

describe('LegacyHistoryNote', () => {
  it('default: Safes from 1.3.0 on (L2 or not) get no note', () => {
    for (const version of ['1.3.0', '1.3.0+L2', '1.4.1', '1.4.1+L2', '1.5.0', null, undefined, 'unknown'])
      expect(isPreV130(version), String(version)).toBe(false)
    const { container } = render(<LegacyHistoryNote version="1.3.0+L2" />)
    expect(container.innerHTML).toBe('')
  })

  it('behavior: a 1.1.1 or 1.2.0 Safe is told its history may be incomplete and why', () => {
    expect(isPreV130('1.2.0')).toBe(true)
    expect(isPreV130('1.0.0')).toBe(true)
    render(<LegacyHistoryNote version="1.1.1" />)
    const note = screen.getByRole('note')
    expect(note.textContent).toContain('version 1.1.1, older than 1.3.0')
    expect(note.textContent).toContain('may be missing')
  })
})
