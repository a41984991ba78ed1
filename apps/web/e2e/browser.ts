import { existsSync } from 'node:fs'
import { type Browser, chromium } from 'playwright-core'

const DEBIAN_CHROMIUM = '/usr/bin/chromium'

/**
 * The Chromium the browser suite drives: CHROMIUM_PATH, else Debian's package, else the one the
 * `@sparticuz/chromium` dev dependency carries inside the npm package (unpacked to the temp folder on first use,
 * ~2 s), so `npm test` needs nothing beyond `npm install` on a Linux x64 machine.
 */
export async function chromiumPath(): Promise<string> {
  if (process.env.CHROMIUM_PATH) return process.env.CHROMIUM_PATH
  if (existsSync(DEBIAN_CHROMIUM)) return DEBIAN_CHROMIUM
  const { default: bundled } = await import('@sparticuz/chromium')
  return bundled.executablePath()
}

/** What to do when none is there or runs (no browser is downloaded: the tests run offline). */
export const MISSING_CHROMIUM =
  `The browser tests need Chromium: none at CHROMIUM_PATH or ${DEBIAN_CHROMIUM}, and the one in ` +
  '@sparticuz/chromium (Linux x64 or arm64) could not be unpacked. Install it with: ' +
  'sudo apt-get install -y chromium fonts-noto-color-emoji (or set CHROMIUM_PATH to a Chromium or Chrome binary).'

/** A launch takes ~1 s; Playwright's own default wait is 180 s, as long as a test file's setup hook. */
const LAUNCH_TIMEOUT_MS = 60_000

const BROWSER_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-features=WebUIOmniboxPopup,WebUIOmniboxAimPopup',
]

/**
 * Headless Chromium with the flags that keep it off the network and quiet. Chromium 156 also renders each
 * new window's omnibox popups (chrome://omnibox-popup.top-chrome/, classic and AI mode) as WebUI pages in a
 * renderer of their own: ~0.5 s of CPU per browser context, spent while the page under test loads. A user's
 * browser pays that once per window, not per page, so the tests and benchmarks, which open a fresh context per
 * cold visit, turn them off.
 */
export async function launchBrowser(path?: string): Promise<Browser> {
  const executablePath =
    path ??
    (await chromiumPath().catch((cause) => {
      throw new Error(MISSING_CHROMIUM, { cause })
    }))
  // Bounded and tried twice: a launch that hangs on a loaded runner fails (and names itself) before the file's
  // setup hook times out, which would skip every test of the file.
  const launch = () =>
    chromium.launch({
      executablePath,
      headless: true,
      timeout: LAUNCH_TIMEOUT_MS,
      args: BROWSER_ARGS,
    })
  return launch().catch((error: unknown) => {
    console.warn(
      `Chromium did not start (${error instanceof Error ? error.message.split('\n')[0] : error}); once more`,
    )
    return launch()
  })
}
