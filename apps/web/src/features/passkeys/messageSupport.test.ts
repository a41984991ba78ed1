import { describe, expect, it } from 'vitest'
import { contractOwnersSignMessages } from './messageSupport'

describe('contractOwnersSignMessages', () => {
  it('default: from 1.4.1 on, L2 or not', () => {
    expect(contractOwnersSignMessages('1.4.1')).toBe(true)
    expect(contractOwnersSignMessages('1.4.1+L2')).toBe(true)
    expect(contractOwnersSignMessages('1.5.0')).toBe(true)
  })
  it('edge: not for 1.3.0 and older, nor an unknown version', () => {
    expect(contractOwnersSignMessages('1.3.0+L2')).toBe(false)
    expect(contractOwnersSignMessages('1.1.1')).toBe(false)
    expect(contractOwnersSignMessages(null)).toBe(false)
    expect(contractOwnersSignMessages('unknown')).toBe(false)
  })
})
