import { mkdirSync } from 'node:fs'
import { join } from 'node:path'
import type { Browser, BrowserContext, Page } from 'playwright-core'
import { afterAll, afterEach, beforeAll, beforeEach } from 'vitest'
import { type Stack, type StackOptions, startStack } from '../../../scripts/stack.ts'
import { launchBrowser } from './browser.ts'

/** Where the e2e tests save their screenshots. */
export const screenshotDir = join(import.meta.dirname, '..', '..', '..', 'test-results', 'web-e2e')

export type E2EOptions = {
  viewport: { width: number; height: number }
  /** Runs on each new page before its test, e.g. to set timeouts or watch requests. */
  onPage?: (page: Page, stack: Stack) => void
  /** How the file's stack starts (default: npm start's). */
  stack?: StackOptions
}

export type E2ESession = {
  /** The whole stack (devnet, gateway, web), started once for the file. */
  readonly stack: Stack
  /** A fresh browser context and page for each test. */
  readonly context: BrowserContext
  readonly page: Page
  /** Uncaught errors of the current test's page. */
  readonly pageErrors: string[]
}

/**
 * Registers the hooks of an e2e test file: the stack and Chromium once for the file, a new context and page
 * for each test. Read the session's fields inside hooks and tests (they change between tests).
 */
export function setupE2E({ viewport, onPage, stack: stackOptions }: E2EOptions): E2ESession {
  let stack: Stack
  let browser: Browser
  let context: BrowserContext
  let page: Page
  const pageErrors: string[] = []

  beforeAll(async () => {
    stack = await startStack(stackOptions)
    browser = await launchBrowser()
    mkdirSync(screenshotDir, { recursive: true })
  })

  afterAll(async () => {
    await browser?.close()
    await stack?.stop()
  })

  beforeEach(async () => {
    pageErrors.length = 0
    context = await browser.newContext({ viewport })
    page = await context.newPage()
    page.on('pageerror', (error) => pageErrors.push(error.message))
    onPage?.(page, stack)
  })

  afterEach(async ({ task }) => {
    // A failed test leaves its page behind for diagnosis: a screenshot and the text the page showed.
    if (task.result?.state === 'fail' && page && !page.isClosed()) {
      const name = task.name.replace(/[^a-z0-9]+/gi, '-').slice(0, 80)
      await page
        .screenshot({ path: join(screenshotDir, `FAILED-${name}.png`), fullPage: true })
        .catch(() => {})
      const text = await page
        .locator('body')
        .innerText({ timeout: 2_000 })
        .catch(() => '(no body)')
      console.error(`[e2e] failed at ${page.url()}; the page showed:\n${text.slice(0, 4_000)}`)
    }
    await context?.close()
  })

  return {
    get stack() {
      return stack
    },
    get context() {
      return context
    },
    get page() {
      return page
    },
    pageErrors,
  }
}
