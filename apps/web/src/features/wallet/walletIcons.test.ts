import { describe, expect, it } from 'vitest'
import { deferIcon, releaseWalletIcons } from './walletIcons'

describe('deferIcon', () => {
  it('behavior: a chunk-loaded icon is not asked for until a wallet dialog opens; a data URI passes through', async () => {
    let loads = 0
    const icon = deferIcon(async () => {
      loads++
      return 'data:image/svg+xml,<svg/>'
    })
    expect(deferIcon('data:x')).toBe('data:x')
    if (typeof icon === 'string') throw new Error('expected a deferred loader')
    const pending = icon()
    await new Promise((resolve) => setTimeout(resolve, 10))
    expect(loads).toBe(0)
    releaseWalletIcons()
    expect(await pending).toBe('data:image/svg+xml,<svg/>')
    expect(loads).toBe(1)
  })
})
