import { launchBrowser } from '../apps/web/e2e/browser.ts'
import { startStack } from './stack.ts'
const stack = await startStack({ log: () => {} })
const browser = await launchBrowser()
const treasury = stack.devnet.scenario!.safes.treasury.address
for (let run = 0; run < 2; run++) {
  const context = await browser.newContext()
  const page = await context.newPage()
  const t0 = Date.now()
  const log: string[] = []
  page.on('request', (r) => log.push(`${Date.now() - t0} start ${r.url().replace(stack.url, '')}`))
  page.on('requestfinished', (r) => log.push(`${Date.now() - t0} done ${r.url().replace(stack.url, '')}`))
  page.on('console', (m) => log.push(`${Date.now() - t0} console ${m.text()}`))
  await page.goto(`${stack.url}/?safe=dev:${treasury}`)
  await Promise.all([
    page.getByTestId('total-balance').waitFor({ timeout: 30_000 }).then(() => log.push(`${Date.now() - t0} TOTAL`)),
    page.getByTestId('queued-count').waitFor({ timeout: 30_000 }).then(() => log.push(`${Date.now() - t0} QUEUED`)),
    page.getByTestId('safe-owners').locator('li').first().waitFor({ timeout: 30_000 }).then(() => log.push(`${Date.now() - t0} OWNERS`)),
  ])
  if (run === 1) console.log(log.filter((l) => !l.includes(' start /assets')).join('\n'))
  await context.close()
}
await browser.close(); await stack.stop()
