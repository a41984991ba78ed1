// Batch payments: a Safe App that talks to its host only through @safe-global/safe-apps-sdk. Paste or upload a CSV
// of token,recipient,amount; every row is checked, totals are shown against the Safe's balances, and the good rows
// go to the host as one sendTransactions request (the host builds the MultiSend and its review).
import SafeAppsSDK, { type SafeInfo } from '@safe-global/safe-apps-sdk'
import { type Checked, checkCsv, type Token, tokensOf, toTransactions, totalsOf } from './payments'
import './style.css'

const sdk = new SafeAppsSDK()
const root = document.getElementById('app') as HTMLElement

function el<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  props: Partial<Record<string, string>> = {},
  ...children: (Node | string | null)[]
): HTMLElementTagNameMap[K] {
  const node = document.createElement(tag)
  for (const [key, value] of Object.entries(props)) {
    if (value === undefined) continue
    if (key === 'text') node.textContent = value
    else node.setAttribute(key, value)
  }
  for (const child of children) if (child !== null) node.append(child)
  return node
}

const status = el('p', { 'data-testid': 'status', role: 'status' })
const input = el('textarea', {
  'data-testid': 'csv-input',
  rows: '8',
  placeholder: 'token,recipient,amount\nnative,0x…,0.5\nDEMO,0x…,100',
  'aria-label': 'Payments as CSV',
})
const file = el('input', { type: 'file', accept: '.csv,text/csv,text/plain', 'data-testid': 'csv-file' })
const report = el('section', { 'data-testid': 'report' })
const submit = el('button', { type: 'button', 'data-testid': 'submit-batch', disabled: '' }, 'Submit batch')

let safe: SafeInfo | undefined
let tokens: Token[] = []
let checked: Checked = { payments: [], bad: [] }

function render() {
  checked = checkCsv(input.value, tokens)
  const totals = totalsOf(checked.payments)
  const short = totals.filter((t) => !t.enough)
  const parts: (HTMLElement | null)[] = [
    el('h2', {
      text: `${checked.payments.length} payment(s) ready, ${checked.bad.length} row(s) with problems`,
    }),
    checked.bad.length
      ? el(
          'ul',
          { class: 'bad', 'data-testid': 'bad-rows' },
          ...checked.bad.map((b) =>
            el(
              'li',
              { 'data-testid': 'bad-row', 'data-line': String(b.line) },
              `Line ${b.line}: ${b.reasons.join('; ')}`,
            ),
          ),
        )
      : null,
    totals.length
      ? el(
          'table',
          { 'data-testid': 'totals' },
          el(
            'tr',
            {},
            el('th', { text: 'Token' }),
            el('th', { text: 'Payments' }),
            el('th', { text: 'Total' }),
            el('th', { text: 'Safe balance' }),
          ),
          ...totals.map((t) =>
            el(
              'tr',
              { 'data-testid': 'total-row', 'data-token': t.token.symbol, class: t.enough ? '' : 'short' },
              el('td', { text: t.token.symbol }),
              el('td', { text: String(t.count) }),
              el('td', { text: t.formatted }),
              el('td', { text: `${t.balance}${t.enough ? '' : ' (not enough)'}` }),
            ),
          ),
        )
      : null,
  ]
  report.replaceChildren(...parts.filter((p): p is HTMLElement => p !== null))
  const blocked = !safe || checked.payments.length === 0 || short.length > 0 || safe.isReadOnly
  submit.toggleAttribute('disabled', blocked)
  submit.textContent = checked.bad.length
    ? `Submit the ${checked.payments.length} good payment(s), skip ${checked.bad.length} bad row(s)`
    : `Submit ${checked.payments.length} payment(s)`
}

/**
 * The host may connect an owner after this app loaded (it answers getInfo from memory, so asking is cheap):
 * whether the Safe is read-only is read again whenever the payments change.
 */
async function refreshSafe() {
  if (!safe) return
  try {
    const next = await sdk.safe.getInfo()
    if (next.isReadOnly !== safe.isReadOnly) {
      safe = next
      render()
    }
  } catch {
    // keep what the host said before
  }
}

input.addEventListener('input', () => {
  render()
  void refreshSafe()
})
file.addEventListener('change', async () => {
  const chosen = file.files?.[0]
  if (!chosen) return
  input.value = await chosen.text()
  render()
  void refreshSafe()
})

submit.addEventListener('click', async () => {
  const txs = toTransactions(checked.payments)
  submit.setAttribute('disabled', '')
  status.textContent = 'Waiting for the Safe to review and sign the batch…'
  try {
    const { safeTxHash } = await sdk.txs.send({ txs })
    status.textContent = `Batch proposed: ${safeTxHash}`
    status.dataset.safeTxHash = safeTxHash
  } catch (error) {
    status.textContent = `Not sent: ${(error as Error).message}`
  } finally {
    render()
  }
})

/** Framed by a Safe host, which shows the app's name above the frame: the title is not repeated here. */
const framed = window.parent !== window

async function start() {
  root.replaceChildren(
    ...(framed ? [] : [el('h1', { text: 'Batch payments' })]),
    status,
    el(
      'p',
      { class: 'muted' },
      'One line per payment: token (native, a symbol the Safe holds, or a token address), recipient, amount.',
    ),
    input,
    el('p', {}, el('label', {}, 'Or upload a CSV file: ', file)),
    report,
    submit,
  )
  // The SDK never times out by itself: outside a Safe host it would wait forever.
  const timeout = new Promise<never>((_, reject) => setTimeout(() => reject(new Error('timeout')), 3000))
  try {
    safe = await Promise.race([sdk.safe.getInfo(), timeout])
  } catch {
    status.textContent = 'Open this app from a Safe wallet (Concord → Apps) to use it.'
    return
  }
  try {
    const balances = await sdk.safe.experimental_getBalances({ currency: 'usd' })
    tokens = tokensOf(balances.items)
    status.textContent = `Paying from ${safe.safeAddress} on chain ${safe.chainId}${safe.isReadOnly ? ' (read-only: connect an owner in the host)' : ''}`
    status.dataset.ready = 'true'
  } catch (error) {
    status.textContent = `Could not read the Safe's balances: ${(error as Error).message}`
  }
  render()
}

void start()
