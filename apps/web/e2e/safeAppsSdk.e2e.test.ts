import { testAccount } from '@concord/devnet'
import type { Frame, Page } from 'playwright-core'
import type { Address } from 'viem'
import { beforeAll, describe, expect, it } from 'vitest'
import { connectDevnet } from './connectDevnet.ts'
import { setupSafeAppsE2E } from './fixtures/safeAppsStack.ts'
import { holdsFor } from './waits.ts'

// An app written on the official SDK (fixtures/sdk-test-app), framed by our host on the demo "solo" Safe (1-of-1,
// account #0): every method through the host, the SDK's own errors, and messages from elsewhere left unanswered.

const e2e = setupSafeAppsE2E()

let solo: Address
beforeAll(() => {
  const scenario = e2e.stack.devnet.scenario
  if (!scenario) throw new Error('the stack runs without the demo scenario')
  solo = scenario.safes.solo.address
})

/** How long a request from the wrong window or origin is watched for an answer or a prompt (there must be none). */
const SILENCE_MS = 1_500

type Outcome = { ok: true; value: any } | { ok: false; error: string; code?: number }

/** Runs `expression` (using window.sdk) in the app frame; a rejection comes back as {ok: false, error, code}. */
const run = (frame: Frame, expression: string): Promise<Outcome> =>
  frame.evaluate(
    `(async () => { try { return { ok: true, value: await (${expression}) } } catch (e) { return { ok: false, error: e.message, code: e.code } } })()`,
  )

/** Opens the app on the solo Safe; the wallet is connected on the first visit of the page (it stays connected). */
async function openApp(page: Page, url: string, connect = true): Promise<Frame> {
  const appPage = `${e2e.stack.url}/apps?safe=dev:${solo}&appUrl=${encodeURIComponent(url)}`
  if (connect) await connectDevnet(page, 0, appPage)
  else await page.goto(appPage)
  await page.getByTestId('safe-app-frame').waitFor()
  let frame: Frame | undefined
  await expect.poll(() => (frame = page.frames().find((f) => f.url().startsWith(url)))).toBeDefined()
  await frame!.locator('#ready').waitFor()
  await frame!.waitForFunction(() => 'sdk' in window)
  return frame!
}

describe('safe apps: the official SDK against our host', () => {
  it('default: read methods answer with the SDK shapes', async () => {
    const frame = await openApp(e2e.page, e2e.stack.testAppUrl)
    const info = await run(frame, 'window.sdk.safe.getInfo()')
    expect(info).toMatchObject({
      ok: true,
      value: {
        safeAddress: solo,
        chainId: 31337,
        threshold: 1,
        owners: [testAccount(0).address],
        isReadOnly: false,
      },
    })
    expect(await run(frame, 'window.sdk.safe.getChainInfo()')).toMatchObject({
      ok: true,
      value: { chainId: '31337' },
    })
    expect(await run(frame, 'window.sdk.safe.getEnvironmentInfo()')).toEqual({
      ok: true,
      value: { origin: e2e.stack.url },
    })
    const balances = await run(frame, "window.sdk.safe.experimental_getBalances({ currency: 'usd' })")
    expect(balances.ok && balances.value.items.map((i: any) => i.tokenInfo.symbol)).toContain('CGT')
    const balance = await run(frame, `window.sdk.eth.getBalance(['${solo}'])`)
    expect(balance.ok && BigInt(balance.value)).toBeGreaterThan(0n)
    expect(
      await run(frame, 'window.sdk.eth.setSafeSettings([{ offChainSigning: false, other: 1 }])'),
    ).toEqual({
      ok: true,
      value: { offChainSigning: false },
    })
    expect(await run(frame, `window.sdk.safe.getOffChainSignature('0x${'ab'.repeat(32)}')`)).toEqual({
      ok: true,
      value: '',
    })
    // An unknown method is answered with an error (the official host stays silent).
    await frame.evaluate(() =>
      window.parent.postMessage(
        { id: 'unknown-1', method: 'eth_foo', params: [], env: { sdkVersion: '9.1.0' } },
        '*',
      ),
    )
    await expect
      .poll(() => frame.evaluate(() => (window as any).received.find((m: any) => m?.id === 'unknown-1')))
      .toMatchObject({ success: false, error: 'Method not supported: eth_foo' })
    // rpcCall forwards reads only: a sending method is refused with a reason.
    await frame.evaluate(() =>
      window.parent.postMessage(
        {
          id: 'rpc-1',
          method: 'rpcCall',
          params: { call: 'eth_sendTransaction', params: [{}] },
          env: { sdkVersion: '9.1.0' },
        },
        '*',
      ),
    )
    await expect
      .poll(() => frame.evaluate(() => (window as any).received.find((m: any) => m?.id === 'rpc-1')))
      .toMatchObject({ success: false, error: 'RPC method not allowed: eth_sendTransaction' })
  })

  it("error: the SDK's own errors", async () => {
    const frame = await openApp(e2e.page, e2e.stack.testAppUrl)
    expect(await run(frame, 'window.sdk.txs.send({ txs: [] })')).toMatchObject({
      error: 'No transactions were passed',
    })
    expect(await run(frame, "window.sdk.txs.getBySafeTxHash('')")).toMatchObject({
      error: 'Invalid safeTxHash',
    })
    expect(await run(frame, 'window.sdk.txs.signTypedMessage({ foo: 1 })')).toMatchObject({
      error: 'Invalid typed data',
    })
    const twoRoots =
      "{ domain: {}, types: { A: [{ name: 'a', type: 'uint8' }], B: [{ name: 'b', type: 'uint8' }] }, message: {} }"
    expect(await run(frame, `window.sdk.safe.isMessageSigned(${twoRoots})`)).toMatchObject({
      error: 'Please specify primaryType',
    })
    // The host says the same when the app sends such typed data anyway.
    expect(await run(frame, `window.sdk.txs.signTypedMessage(${twoRoots})`)).toMatchObject({
      error: 'Please specify primaryType',
    })
    expect(await run(frame, 'window.sdk.wallet.requestPermissions([{ eth_accounts: {} }])')).toMatchObject({
      error: 'Permissions request is invalid',
      code: 4001,
    })
  })

  it('default: permissions: refused (4001), then [] without a prompt; revoked in Settings; granted: the address book', async () => {
    const page = e2e.page
    const frame = await openApp(page, e2e.stack.testAppUrl)
    const origin = new URL(e2e.stack.testAppUrl).origin
    expect(await run(frame, 'window.sdk.wallet.getPermissions()')).toEqual({ ok: true, value: [] })
    const refused = run(frame, 'window.sdk.safe.requestAddressBook()')
    await page.getByTestId('permission-reject').click()
    expect(await refused).toMatchObject({ ok: false, error: 'Permissions rejected', code: 4001 })
    expect(await run(frame, 'window.sdk.safe.requestAddressBook()')).toEqual({ ok: true, value: [] })

    await page.goto(`${e2e.stack.url}/settings/safe-apps?safe=dev:${solo}`)
    await page
      .locator(`[data-testid="app-permission"][data-origin="${origin}"]`)
      .getByTestId('revoke-permission')
      .click()
    await page.getByTestId('no-app-permissions').waitFor()

    const again = await openApp(page, e2e.stack.testAppUrl, false)
    const closed = run(again, 'window.sdk.safe.requestAddressBook()')
    await page.getByTestId('permission-close').click()
    expect(await closed).toMatchObject({ ok: false, error: 'Permissions rejected', code: 4001 })
    const granted = run(again, 'window.sdk.safe.requestAddressBook()')
    await page.getByTestId('permission-accept').click()
    expect(await granted).toMatchObject({ ok: true })
    expect(await run(again, 'window.sdk.wallet.getPermissions()')).toMatchObject({
      ok: true,
      value: [{ invoker: origin, parentCapability: 'requestAddressBook', caveats: [] }],
    })
  })

  it('default: sendTransactions signed in the host answers {safeTxHash}; closing rejects; signing on and off chain', async () => {
    const page = e2e.page
    const frame = await openApp(page, e2e.stack.testAppUrl)
    const tx = `{ to: '${testAccount(7).address}', value: '1000', data: '0x' }`
    const rejected = run(frame, `window.sdk.txs.send({ txs: [${tx}] })`)
    await page.getByTestId('reject-app-request').click()
    expect(await rejected).toMatchObject({ ok: false, error: 'Transaction was rejected' })

    const sent = run(frame, `window.sdk.txs.send({ txs: [${tx}] })`)
    await page.getByTestId('app-request').getByTestId('sign-and-propose').click()
    const result = await sent
    expect(result).toMatchObject({
      ok: true,
      value: { safeTxHash: expect.stringMatching(/^0x[0-9a-f]{64}$/) },
    })
    const details = await run(frame, `window.sdk.txs.getBySafeTxHash('${(result as any).value.safeTxHash}')`)
    expect(details).toMatchObject({ ok: true, value: { txStatus: 'AWAITING_EXECUTION' } })

    // Off-chain (EIP-1271): 1-of-1, so the app gets the prepared signature at once, and it verifies on chain.
    const signed = run(frame, "window.sdk.txs.signMessage('Concord e2e: hello from an app')")
    await page.getByTestId('sign-app-message').click()
    const offChain = await signed
    expect(offChain).toMatchObject({
      ok: true,
      value: { messageHash: expect.any(String), signature: expect.any(String) },
    })
    const { messageHash, signature } = (offChain as any).value
    expect(await run(frame, `window.sdk.safe.getOffChainSignature('${messageHash}')`)).toEqual({
      ok: true,
      value: signature,
    })
    expect(
      await run(frame, `window.sdk.safe.isMessageSigned('Concord e2e: hello from an app', '${signature}')`),
    ).toEqual({ ok: true, value: true })

    // On-chain once the app asks for it: a SignMessageLib transaction reviewed in the host.
    await run(frame, 'window.sdk.eth.setSafeSettings([{ offChainSigning: false }])')
    const onChain = run(frame, "window.sdk.txs.signMessage('on chain please')")
    await page.getByTestId('app-request').getByTestId('sign-and-propose').click()
    expect(await onChain).toMatchObject({
      ok: true,
      value: { safeTxHash: expect.stringMatching(/^0x[0-9a-f]{64}$/) },
    })
  })

  it('default: the same app added by URL as a custom app (not in the list) answers every method', async () => {
    const page = e2e.page
    const url = e2e.stack.customAppUrl
    const origin = new URL(url).origin
    await connectDevnet(page, 0, `${e2e.stack.url}/apps?safe=dev:${solo}`)
    await page.getByTestId('custom-app-url').fill(url)
    await page.getByTestId('custom-app-submit').click()
    await expect.poll(() => page.getByTestId('custom-app-origin').textContent()).toBe(origin)
    await page.getByTestId('custom-app-accept').check()
    await page.getByTestId('custom-app-submit').click()
    await page.locator(`[data-testid="app-card"][data-app-url^="${origin}"]`).getByTestId('open-app').click()
    let frame: Frame | undefined
    await expect.poll(() => (frame = page.frames().find((f) => f.url().startsWith(url)))).toBeDefined()
    const app = frame as Frame
    await app.locator('#ready').waitFor()
    await app.waitForFunction(() => 'sdk' in window)
    await expect.poll(() => page.getByTestId('unlisted-app-warning').textContent()).toContain(origin)

    // Reads.
    expect(await run(app, 'window.sdk.safe.getInfo()')).toMatchObject({
      ok: true,
      value: { safeAddress: solo, isReadOnly: false },
    })
    expect(await run(app, 'window.sdk.safe.getChainInfo()')).toMatchObject({
      ok: true,
      value: { chainId: '31337' },
    })
    expect(await run(app, 'window.sdk.safe.getEnvironmentInfo()')).toEqual({
      ok: true,
      value: { origin: e2e.stack.url },
    })
    const balances = await run(app, "window.sdk.safe.experimental_getBalances({ currency: 'usd' })")
    expect(balances.ok && balances.value.items.length).toBeGreaterThan(0)
    const balance = await run(app, `window.sdk.eth.getBalance(['${solo}'])`)
    expect(balance.ok && BigInt(balance.value)).toBeGreaterThan(0n)
    expect(await run(app, 'window.sdk.wallet.getPermissions()')).toEqual({ ok: true, value: [] })
    // Permissions: the prompt names the custom app's origin; refused.
    const refused = run(app, 'window.sdk.safe.requestAddressBook()')
    await expect.poll(() => page.getByTestId('permission-prompt').textContent()).toContain(origin)
    await page.getByTestId('permission-reject').click()
    expect(await refused).toMatchObject({ ok: false, code: 4001 })
    // Transactions: signed in the host, then read back by hash.
    const sent = run(
      app,
      `window.sdk.txs.send({ txs: [{ to: '${testAccount(7).address}', value: '1', data: '0x' }] })`,
    )
    await page.getByTestId('app-request').getByTestId('sign-and-propose').click()
    const result = await sent
    expect(result).toMatchObject({
      ok: true,
      value: { safeTxHash: expect.stringMatching(/^0x[0-9a-f]{64}$/) },
    })
    expect(
      await run(app, `window.sdk.txs.getBySafeTxHash('${(result as any).value.safeTxHash}')`),
    ).toMatchObject({ ok: true, value: { txStatus: 'AWAITING_EXECUTION' } })
    // Messages off chain, then the settings that turn signing on chain.
    const signed = run(app, "window.sdk.txs.signMessage('custom app says hello')")
    await page.getByTestId('sign-app-message').click()
    const message = await signed
    expect(message).toMatchObject({ ok: true, value: { signature: expect.any(String) } })
    expect(
      await run(app, `window.sdk.safe.getOffChainSignature('${(message as any).value.messageHash}')`),
    ).toEqual({ ok: true, value: (message as any).value.signature })
    expect(await run(app, 'window.sdk.eth.setSafeSettings([{ offChainSigning: false }])')).toEqual({
      ok: true,
      value: { offChainSigning: false },
    })
  })

  it('behavior: a message from another window or another origin gets no answer and changes nothing', async () => {
    const page = e2e.page
    const frame = await openApp(page, e2e.stack.testAppUrl)
    // The host page itself (another window than the frame) posts a request.
    await page.evaluate(() =>
      window.postMessage(
        { id: 'forged-1', method: 'sendTransactions', params: { txs: [] }, env: { sdkVersion: '9.1.0' } },
        '*',
      ),
    )
    // The frame navigates to another (listed) origin: same window, wrong origin.
    await frame.evaluate((url) => {
      window.location.href = url
    }, e2e.stack.otherAppUrl)
    let other: Frame | undefined
    await expect
      .poll(() => (other = page.frames().find((f) => f.url().startsWith(e2e.stack.otherAppUrl))))
      .toBeDefined()
    await other!.waitForFunction(() => 'sdk' in window)
    // Both requests left pending in the frame: their outcome, if any, lands in window.outcomes.
    const tx = `{ to: '${testAccount(7).address}', value: '1', data: '0x' }`
    await other!.evaluate(`(() => {
      window.outcomes = []
      const keep = (name, p) => p.then(() => window.outcomes.push(name + ': answered'), (e) => window.outcomes.push(name + ': ' + e.message))
      keep('getInfo', window.sdk.safe.getInfo())
      keep('send', window.sdk.txs.send({ txs: [${tx}] }))
    })()`)
    // A negative check, bound in time: for SILENCE_MS no answer reaches the frame and the host prompts for nothing.
    await holdsFor(SILENCE_MS, async () => {
      expect(await other!.evaluate(() => (window as any).outcomes)).toEqual([])
      expect(await other!.evaluate(() => (window as any).received.filter((m: any) => m?.version))).toEqual([])
      expect(await page.getByTestId('app-request').count()).toBe(0)
    })
  })
})
