import { createHash } from 'node:crypto'
import { readFileSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'
import { safeAbi } from '@concord/safe/contracts'
import * as SafeTx from '@concord/safe/SafeTx'
import { type Address, encodeFunctionData, erc20Abi, type Hex, parseAbi } from 'viem'
import { beforeAll, describe, expect, it } from 'vitest'
import { verifyFragment } from '../src/features/tx-flow/verify/verifyLink.ts'
import { screenshotDir, setupE2E } from './session.ts'

// /verify (features/tx-flow/components/verify): a transaction's hashes and call from its fields alone. The
// oracle is the Safe contract itself (getTransactionHash, domainSeparator on the devnet), and once the page is
// up, checking another transaction sends no request at all.

const e2e = setupE2E({
  viewport: { width: 1280, height: 1100 },
  onPage: (page) => page.setDefaultTimeout(20_000),
})

let treasury: Address
let usd: Address
const RECIPIENT = '0x90F79bf6EB2c4f870365E785982E1f101E93b906'

beforeAll(() => {
  const { scenario, assets } = e2e.stack.devnet
  if (!scenario || !assets) throw new Error('the stack runs without the demo scenario')
  treasury = scenario.safes.treasury.address
  usd = assets.usd
})

/** What the treasury itself says the hash of `tx` is. */
const onChainHash = (tx: SafeTx.SafeTx) =>
  e2e.stack.devnet.client.readContract({
    address: treasury,
    abi: safeAbi,
    functionName: 'getTransactionHash',
    // getTransactionHash takes execTransaction's parameters with the nonce in place of the signatures.
    args: [...SafeTx.execTransactionArgs(tx, '0x').slice(0, 9), tx.nonce] as never,
  })

describe('verify page', () => {
  it('default: a /verify link shows the hashes the Safe computes and the call; a new nonce sends no request', async () => {
    const page = e2e.page
    const data = encodeFunctionData({
      abi: erc20Abi,
      functionName: 'transfer',
      args: [RECIPIENT, 1_000_000n],
    })
    const tx = SafeTx.from({ to: usd, data, nonce: 7n })
    const chainId = e2e.stack.devnet.chainId
    const fields = new URLSearchParams({
      chainId: String(chainId),
      safe: treasury,
      version: '1.4.1',
      to: usd,
      value: '0',
      data,
      operation: '0',
      safeTxGas: '0',
      baseGas: '0',
      gasPrice: '0',
      gasToken: tx.gasToken,
      refundReceiver: tx.refundReceiver,
      nonce: '7',
    })
    await page.goto(`${e2e.stack.url}/verify#${fields}`)
    const hashText = () => page.getByTestId('verify-safe-tx-hash').textContent()
    await expect.poll(hashText).toBe(await onChainHash(tx))
    await expect
      .poll(() => page.getByTestId('verify-domain-hash').textContent())
      .toBe(
        await e2e.stack.devnet.client.readContract({
          address: treasury,
          abi: parseAbi(['function domainSeparator() view returns (bytes32)']),
          functionName: 'domainSeparator',
        }),
      )
    await expect.poll(() => page.getByTestId('verify-method').first().textContent()).toBe('transfer')
    await page.screenshot({ path: join(screenshotDir, 'verify.png'), fullPage: true })

    // From here on, nothing leaves the page: another nonce, another hash, computed here.
    const requests: string[] = []
    page.on('request', (request) => requests.push(request.url()))
    await page.getByTestId('verify-nonce').fill('8')
    await expect.poll(hashText).toBe(await onChainHash({ ...tx, nonce: 8n }))
    // A byte after the call: decoded still, but shown as not explained.
    await page.getByTestId('verify-data').fill(`${data}00`)
    await page.getByTestId('verify-call-problem').filter({ hasText: '1 byte after the call' }).waitFor()
    await expect.poll(hashText).toBe(await onChainHash({ ...tx, nonce: 8n, data: `${data}00` as Hex }))
    expect(requests).toEqual([])
  })

  it('behavior: a pasted link fills the fields; a wrong field says what is wrong and shows no hash', async () => {
    const page = e2e.page
    await page.goto(`${e2e.stack.url}/verify`)
    await page.getByTestId('verify-errors').waitFor()
    const link = `${e2e.stack.url}/verify#chainId=${e2e.stack.devnet.chainId}&safe=${treasury}&version=1.4.1&to=${RECIPIENT}&value=5&nonce=3`
    await page.getByTestId('verify-paste').fill(link)
    await expect.poll(() => page.getByTestId('verify-value').inputValue()).toBe('5')
    await expect
      .poll(() => page.getByTestId('verify-safe-tx-hash').textContent())
      .toBe(await onChainHash(SafeTx.from({ to: RECIPIENT, value: 5n, nonce: 3n })))
    await page.getByTestId('verify-to').fill(RECIPIENT.replace('90F7', '90f7'))
    await page
      .getByTestId('verify-errors')
      .filter({ hasText: "To: the address's checksum is wrong" })
      .waitFor()
    expect(await page.getByTestId('verify-safe-tx-hash').count()).toBe(0)
  })
})

describe('/verify as one file', () => {
  const dist = join(import.meta.dirname, '..', 'dist')

  it('default: opened from disk with no server, it computes the Safe’s hash of a pasted link and requests nothing', async () => {
    const page = e2e.page
    const requests: string[] = []
    const violations: string[] = []
    page.on('request', (request) => requests.push(request.url()))
    page.on('console', (message) => {
      if (/Content Security Policy/i.test(message.text())) violations.push(message.text())
    })
    const file = join(dist, 'verify-offline.html')
    // Its published digest is the file's.
    const digest = createHash('sha256').update(readFileSync(file)).digest('hex')
    expect(readFileSync(`${file}.sha256`, 'utf8')).toBe(`${digest}  verify-offline.html\n`)
    // The app offers it for download.
    await page.goto(`${e2e.stack.url}/verify`)
    await expect(
      page.getByTestId('verify-offline-file').locator('a').first().getAttribute('href'),
    ).resolves.toBe('/verify-offline.html')
    requests.length = 0

    await page.goto(pathToFileURL(file).href)
    await page.getByTestId('standalone-verify').waitFor()
    const data = encodeFunctionData({ abi: erc20Abi, functionName: 'transfer', args: [RECIPIENT, 5n] })
    const tx = SafeTx.from({ to: usd, data, nonce: 9n })
    const link = `https://concord.example/verify${verifyFragment({ chainId: e2e.stack.devnet.chainId, safe: treasury, tx })}`
    await page.getByTestId('verify-paste').fill(link)
    await expect
      .poll(() => page.getByTestId('verify-safe-tx-hash').first().textContent())
      .toContain(await onChainHash(tx))
    expect(requests).toEqual([pathToFileURL(file).href])
    expect(violations).toEqual([])
  })

  it('error: a copy whose script was changed by one byte does not run (its policy pins the script by hash)', async () => {
    const page = e2e.page
    const html = readFileSync(join(dist, 'verify-offline.html'), 'utf8')
    const at = html.indexOf('<script type="module">') + 30
    const tampered = join(tmpdir(), `verify-offline-tampered-${process.pid}.html`)
    writeFileSync(tampered, `${html.slice(0, at)}${html[at] === 'a' ? 'b' : 'a'}${html.slice(at + 1)}`)
    const blocked = new Promise<string>((resolve) =>
      page.on('console', (message) => {
        if (/Content Security Policy/i.test(message.text())) resolve(message.text())
      }),
    )
    await page.goto(pathToFileURL(tampered).href)
    await expect(blocked).resolves.toMatch(/script/i)
    expect(await page.getByTestId('standalone-verify').count()).toBe(0)
  })
})
