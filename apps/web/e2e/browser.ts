import { type Browser, chromium } from 'playwright-core'

/**
 * Headless Debian Chromium with the flags that keep it off the network and quiet. Chromium 156 also renders each
 * new window's omnibox popups (chrome://omnibox-popup.top-chrome/, classic and AI mode) as WebUI pages in a
 * renderer of their own: ~0.5 s of CPU per browser context, spent while the page under test loads. A user's
 * browser pays that once per window, not per page, so the tests and benchmarks, which open a fresh context per
 * cold visit, turn them off.
 */
export function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    headless: true,
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--disable-features=WebUIOmniboxPopup,WebUIOmniboxAimPopup',
    ],
  })
}
