import { join } from 'node:path'
import { pathToFileURL } from 'node:url'
import * as SafeTx from '@concord/safe/SafeTx'
import bundled from '@sparticuz/chromium'
import { hashTypedData, zeroAddress } from 'viem'
import { afterAll, describe, expect, it } from 'vitest'
import { ensureWebBuild, webDistDir } from '../../../scripts/buildWeb.ts'
import { verifyFragment } from '../src/features/tx-flow/verify/verifyLink.ts'
import { launchBrowser } from './browser.ts'

const SAFE = '0x5aFE3855358E112B5647B952709E6165e1c1eEEe'
const TO = '0x90F79bf6EB2c4f870365E785982E1f101E93b906'

// The Chromium of the @sparticuz/chromium dev dependency, the one `npm test` falls back to on a machine without
// Debian's package: it must run the app's code as Debian's does. It opens the one-file /verify page from disk and
// computes a Safe transaction hash there.

const closers: (() => Promise<void>)[] = []
afterAll(async () => {
  for (const close of closers) await close()
})

describe('the Chromium inside the npm install', () => {
  it('default: unpacks, launches and runs the offline verify page', async () => {
    ensureWebBuild()
    const browser = await launchBrowser(await bundled.executablePath())
    closers.push(() => browser.close())
    expect(browser.version()).toMatch(/^\d+\./)
    const page = await browser.newPage()
    await page.goto(pathToFileURL(join(webDistDir, 'verify-offline.html')).href)
    await page.getByTestId('standalone-verify').waitFor()
    // A pasted link's hash, against EIP-712 computed here by viem from the Safe's SafeTx type.
    const tx = SafeTx.from({ to: TO, value: 5n, nonce: 9n })
    await page
      .getByTestId('verify-paste')
      .fill(`https://concord.example/verify${verifyFragment({ chainId: 1, safe: SAFE, tx })}`)
    const expected = hashTypedData({
      domain: { chainId: 1, verifyingContract: SAFE },
      types: {
        SafeTx: [
          { name: 'to', type: 'address' },
          { name: 'value', type: 'uint256' },
          { name: 'data', type: 'bytes' },
          { name: 'operation', type: 'uint8' },
          { name: 'safeTxGas', type: 'uint256' },
          { name: 'baseGas', type: 'uint256' },
          { name: 'gasPrice', type: 'uint256' },
          { name: 'gasToken', type: 'address' },
          { name: 'refundReceiver', type: 'address' },
          { name: 'nonce', type: 'uint256' },
        ],
      },
      primaryType: 'SafeTx',
      message: {
        to: TO,
        value: 5n,
        data: '0x',
        operation: 0,
        safeTxGas: 0n,
        baseGas: 0n,
        gasPrice: 0n,
        gasToken: zeroAddress,
        refundReceiver: zeroAddress,
        nonce: 9n,
      },
    })
    await expect(page.getByTestId('verify-safe-tx-hash').first().textContent()).resolves.toContain(expected)
  })
})
