import { Role } from '@app/core'
import { act, fireEvent, screen, waitFor } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { i18n } from '../i18n'
import { useSession } from '../stores/session'
import { fakeServer, ok } from '../test/fixtures'
import { renderWithProviders } from '../test/testUtils'
import { ExpiryReminder } from './ExpiryReminder'

const day = Date.UTC(2026, 10, 30)
function server() {
  return fakeServer({
    '/damai/customer/portSeatExpiry/expiration': () =>
      ok({
        portIdList: [4, 5],
        seatIdList: [9],
        portExpiryList: [{ expiryDate: day, expiryTotal: 2, daysLeft: 3, today: false }],
        seatExpiryList: [{ expiryDate: day, expiryTotal: 1, daysLeft: 0, today: true }],
        reminderDays: 7,
      }),
    '/damai/customer/portSeatExpiry': () => ok(null),
  })
}

beforeEach(async () => {
  sessionStorage.clear()
  await i18n.changeLanguage('en')
  useSession.setState({ roles: [Role.customerMaster], user: { id: 7 } as never })
})
afterEach(() => {
  useSession.setState({ roles: [] })
  return i18n.changeLanguage('zh')
})

describe('expiry reminder', () => {
  it('shows ports and seats ending soon by date, and "do not remind again" dismisses exactly those records', async () => {
    const adapter = server()
    renderWithProviders(<ExpiryReminder />)
    expect(await screen.findByTestId('expiry-ports')).toHaveTextContent('3 days left')
    expect(screen.getByTestId('expiry-seats')).toHaveTextContent('Ends today')
    fireEvent.click(screen.getByTestId('expiry-never'))
    fireEvent.click(screen.getByTestId('expiry-close'))
    await waitFor(() =>
      expect(
        adapter.mock.calls.some(([c]) => c.url === '/damai/customer/portSeatExpiry' && c.method === 'post'),
      ).toBe(true),
    )
    const sent = adapter.mock.calls.map(([c]) => c).find((c) => c.url === '/damai/customer/portSeatExpiry')
    expect(JSON.parse(sent?.data)).toEqual({ portIdList: [4, 5], seatIdList: [9] })
  })

  it('once closed, a reload of the page in the same sign-in does not show it again', async () => {
    sessionStorage.setItem('expiryReminderSeen:7', '1')
    // a reload: the profile, and so the user, arrives after the first render
    useSession.setState({ user: null })
    const adapter = server()
    renderWithProviders(<ExpiryReminder />)
    await act(async () => useSession.setState({ user: { id: 7 } as never }))
    expect(adapter).not.toHaveBeenCalled()
    expect(screen.queryByTestId('expiry-reminder')).toBeNull()
    // another user signing in on the same tab is reminded
    await act(async () => useSession.setState({ user: { id: 8 } as never }))
    expect(await screen.findByTestId('expiry-ports')).toBeInTheDocument()
  })

  it('asks nothing for an agent', async () => {
    useSession.setState({ roles: [Role.customerUser] })
    const adapter = server()
    renderWithProviders(<ExpiryReminder />)
    await new Promise((r) => setTimeout(r, 50))
    expect(adapter).not.toHaveBeenCalled()
  })
})
