import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { MemoryRouter } from 'react-router'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { AddressNamesContext } from '../../../components/ui/AddressNamesContext'
import { KnownTokensContext } from '../../../components/ui/KnownTokensContext'
import { configureGateway } from '../../../lib/gateway'
import { renderWithProviders } from '../../../testing/providers'
import type { NotificationEvent } from '../api/requests'
import { NotificationBell } from './NotificationBell'

const GATEWAY = 'https://gateway.test'
const UUID = '6f1c1e52-4f7e-4b57-9a43-0d5c0e1f2a3b'
const SAFE = '0xeE3A570203441329791FA2AC2C912EBC9983F886'
const ALICE = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'
const TOKEN = '0x7070707070707070707070707070707070707070'
const SAFE_TX_HASH = `0xabcd${'0'.repeat(56)}1234`
const NAMES: Record<string, string> = { [SAFE.toLowerCase()]: 'Treasury', [ALICE.toLowerCase()]: 'Alice' }

const events: NotificationEvent[] = [
  {
    id: 3,
    type: 'NEW_CONFIRMATION',
    chainId: '1',
    address: SAFE,
    createdAt: 1_710_000_000_000,
    safeTxHash: SAFE_TX_HASH,
    owner: ALICE,
    risks: [{ kind: 'lookalike', level: 'high', title: 'The recipient looks like Alice', why: '' }],
  },
  {
    id: 2,
    type: 'INCOMING_TOKEN',
    chainId: '1',
    address: SAFE,
    createdAt: 1,
    value: '2500000',
    tokenAddress: TOKEN,
  },
  { id: 1, type: 'INCOMING_ETHER', chainId: '1', address: SAFE, createdAt: 1, value: '1500000000000000000' },
]

/** The gateway, as far as the bell asks it: the feed (unread until a read), the chains, and the read marker. */
function stubGateway() {
  let unread = 2
  const reads: unknown[] = []
  const fetchMock = vi.fn<typeof fetch>(async (input, init) => {
    const url = String(input)
    const json = (body: unknown) => new Response(JSON.stringify(body), { status: 200 })
    if (url === `${GATEWAY}/v1/notifications/devices/${UUID}/events`)
      return json({ count: events.length, next: null, previous: null, results: events, unread })
    if (url.startsWith(`${GATEWAY}/v1/chains?`))
      return json({
        results: [{ chainId: '1', shortName: 'eth', nativeCurrency: { symbol: 'ETH', decimals: 18 } }],
      })
    if (url === `${GATEWAY}/v1/notifications/devices/${UUID}/read` && init?.method === 'POST') {
      reads.push(JSON.parse(String(init.body)))
      unread = 0
      return json({ unread })
    }
    return new Response('not found', { status: 404 })
  })
  vi.stubGlobal('fetch', fetchMock)
  return { fetchMock, reads }
}

const renderBell = () =>
  renderWithProviders(
    <MemoryRouter>
      <AddressNamesContext value={(address) => NAMES[address.toLowerCase()]}>
        <KnownTokensContext
          value={{
            chainId: '1',
            tokens: new Map([[TOKEN, { address: TOKEN, symbol: 'cUSD', name: 'Concord USD', decimals: 6 }]]),
          }}
        >
          <NotificationBell />
        </KnownTokensContext>
      </AddressNamesContext>
    </MemoryRouter>,
  )

describe('NotificationBell', () => {
  beforeEach(() => configureGateway(GATEWAY))
  afterEach(() => {
    localStorage.clear()
    vi.unstubAllGlobals()
  })

  it('behavior: the feed reads as sentences with names and units; closing the panel marks it read', async () => {
    localStorage.setItem(`concord.notifications.device:${GATEWAY}`, JSON.stringify({ uuid: UUID, safes: [] }))
    const { reads } = stubGateway()
    const user = userEvent.setup()
    renderBell()
    const bell = await screen.findByRole('button', { name: 'Notifications (2 unread)' })
    expect(screen.getByTestId('notification-unread').textContent).toBe('2')

    await user.click(bell)
    const panel = screen.getByRole('dialog', { name: 'Notifications' })
    const items = await within(panel).findAllByTestId('notification-item')
    // Once the chains are read, the link carries the Safe's short name (and the native coin is known).
    await waitFor(() =>
      expect(within(items[0]!).getByRole('link').getAttribute('href')).toBe(
        `/transactions/tx?safe=eth%3A${SAFE}&id=multisig_${SAFE}_${SAFE_TX_HASH}`,
      ),
    )
    expect(items.map((item) => item.querySelector('[data-testid="notification-text"]')?.textContent)).toEqual(
      ['Alice confirmed: transaction 0xabcd…1234', 'Received 2.5 cUSD', 'Received 1.5 ETH'],
    )
    expect(items[0]?.textContent).toContain('Treasury · ⚠ The recipient looks like Alice')
    expect(items.map((item) => item.dataset.unread)).toEqual(['true', 'true', 'false'])
    expect(reads).toEqual([])

    await user.keyboard('{Escape}')
    expect(screen.queryByRole('dialog')).toBeNull()
    await screen.findByRole('button', { name: 'Notifications' })
    expect(reads).toEqual([{ upTo: 3 }])
    expect(screen.queryByTestId('notification-unread')).toBeNull()
  })

  it('default: without a device the panel says notifications are off and asks the gateway nothing', async () => {
    const { fetchMock } = stubGateway()
    const user = userEvent.setup()
    renderBell()
    await user.click(screen.getByRole('button', { name: 'Notifications' }))
    expect(screen.getByTestId('notifications-off').textContent).toContain(
      'Notifications are off in this browser',
    )
    expect(screen.getByTestId('notification-settings-link').getAttribute('href')).toBe(
      '/settings/notifications',
    )
    expect(fetchMock).not.toHaveBeenCalled()
  })
})
