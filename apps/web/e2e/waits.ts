// Waits on conditions instead of fixed sleeps: a page has settled (nothing loading, no data on its way, no
// entry animation), and, for negative checks only, something stays true for a bounded time.
import type { Frame, Page } from 'playwright-core'

type Counted = { __fetchesInFlight?: number; __settledFrames?: number }

/**
 * Counts the page's fetches from the request until their body has been read (an EventSource is not a fetch, so
 * the live stream is not counted). Installed before the app's scripts on each later navigation of `page`.
 */
export async function countFetches(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const w = window as unknown as Counted
    if (w.__fetchesInFlight !== undefined) return
    w.__fetchesInFlight = 0
    const original = window.fetch.bind(window)
    window.fetch = (...args: Parameters<typeof fetch>) => {
      w.__fetchesInFlight = (w.__fetchesInFlight ?? 0) + 1
      // A macrotask after the body: the query's answer has reached its observers by then.
      const done = () =>
        setTimeout(() => {
          w.__fetchesInFlight = (w.__fetchesInFlight ?? 1) - 1
        })
      const response = original(...args)
      response.then((r) => r.clone().arrayBuffer()).then(done, done)
      return response
    }
  })
}

/**
 * The page has settled, on two animation frames in a row: no fetch in flight (where countFetches was installed),
 * nothing marked busy (skeletons, the status screen), every image in view loaded (or failed), and no finite
 * animation or transition running (a dialog's entry, a fade; spinners and shimmers loop forever and are ignored).
 */
export async function settled(target: Page | Frame): Promise<void> {
  await target.evaluate(() => {
    ;(window as unknown as Counted).__settledFrames = 0
  })
  await target.waitForFunction(() => {
    const w = window as unknown as Counted
    const inView = (el: Element) => {
      const r = el.getBoundingClientRect()
      return r.width > 0 && r.bottom > 0 && r.right > 0 && r.top < innerHeight && r.left < innerWidth
    }
    const quiet =
      (w.__fetchesInFlight ?? 0) === 0 &&
      document.querySelector('[aria-busy="true"]') === null &&
      [...document.images].every((img) => img.complete || !inView(img)) &&
      document
        .getAnimations()
        .every(
          (a) => a.playState !== 'running' || a.effect?.getTiming().iterations === Number.POSITIVE_INFINITY,
        )
    w.__settledFrames = quiet ? (w.__settledFrames ?? 0) + 1 : 0
    return w.__settledFrames >= 2
  })
}

/**
 * A negative check, time-bound by nature: the assertions in `check` hold for the whole of `ms` (run every 50 ms),
 * failing with the first one that breaks. Only to prove that something does NOT happen; a wait for something that
 * happens waits on it instead.
 */
export async function holdsFor(ms: number, check: () => unknown): Promise<void> {
  const started = Date.now()
  for (;;) {
    await check()
    const left = ms - (Date.now() - started)
    if (left <= 0) return
    await new Promise((resolve) => setTimeout(resolve, Math.min(50, left)))
  }
}
