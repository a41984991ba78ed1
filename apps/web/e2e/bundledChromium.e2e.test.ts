import { join } from 'node:path'
import { pathToFileURL } from 'node:url'
import * as SafeTx from '@concord/safe/SafeTx'
import bundled from '@sparticuz/chromium'
import { afterAll, describe, expect, it } from 'vitest'
import { ensureWebBuild, webDistDir } from '../../../scripts/buildWeb.ts'
import { verifyFragment } from '../src/features/tx-flow/verify/verifyLink.ts'
import { launchBrowser } from './browser.ts'

const SAFE = '0x111CEEee040739fD91D29C34C33E6B3E112F2177'

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
    // A pasted link's hash, against the hash an independent tool published for it (safe-tx-hashes-util README,
    // GitHub pcaversaccio: Arbitrum, nonce 234; also a vector of packages/safe's SafeTx.vectors.test).
    const tx = SafeTx.from({
      to: SAFE,
      data: '0x0d582f130000000000000000000000000c75fa5a5f1c0997e3eea425cfa13184ed0ec9e50000000000000000000000000000000000000000000000000000000000000003',
      nonce: 234n,
    })
    await page
      .getByTestId('verify-paste')
      .fill(`https://concord.example/verify${verifyFragment({ chainId: 42161, safe: SAFE, tx })}`)
    const expected = '0x0cb7250b8becd7069223c54e2839feaed4cee156363fbfe5dd0a48e75c4e25b3'
    await expect.poll(() => page.getByTestId('verify-safe-tx-hash').first().textContent()).toContain(expected)
  })
})
