import { type HomeFigures as Figures, Role } from '@app/core'
import { screen } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import * as api from '../../../api/statistics'
import { i18n } from '../../../i18n'
import { renderWithProviders, signInAs } from '../../../test/testUtils'
import { HomeFigures } from './HomeFigures'

vi.mock('../../../api/statistics', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../../api/statistics')>()),
  homeFigures: vi.fn(),
}))

const tenant = (over: Partial<NonNullable<Figures['tenant']>> = {}): Figures => ({
  kind: 'tenant',
  platform: null,
  tenant: {
    messagesInToday: 12,
    messagesOutToday: 7,
    unrepliedSessions: 3,
    offlineAccounts: 1,
    warnings: 2,
    expiringPorts: 4,
    expiringSeats: 0,
    ...over,
  },
})

beforeEach(async () => {
  vi.clearAllMocks()
  await i18n.changeLanguage('en')
})
afterEach(async () => {
  await i18n.changeLanguage('zh')
})

describe('home figures', { timeout: 30_000 }, () => {
  it('shows the supervisor every tenant figure, linked to the page that acts on it', async () => {
    signInAs([Role.customerMaster])
    vi.mocked(api.homeFigures).mockResolvedValue(tenant())
    renderWithProviders(<HomeFigures />)
    expect(await screen.findByTestId('home-figure-messagesIn')).toHaveTextContent('Messages in today12')
    expect(screen.getByTestId('home-figure-unreplied')).toHaveTextContent('3')
    expect(screen.getByTestId('home-figure-warnings')).toHaveTextContent('Unhandled warnings2')
    expect(screen.getByTestId('home-figure-expiringPorts').querySelector('a')).toHaveAttribute(
      'href',
      '/portRecord',
    )
    expect(screen.getByTestId('home-figure-expiringSeats')).toHaveTextContent('0')
  })

  it('leaves out what an agent does not act on', async () => {
    signInAs([Role.customerUser])
    vi.mocked(api.homeFigures).mockResolvedValue(
      tenant({ warnings: null, expiringPorts: null, expiringSeats: null }),
    )
    renderWithProviders(<HomeFigures />)
    expect(await screen.findByTestId('home-figure-offline')).toHaveTextContent('Numbers offline1')
    expect(screen.queryByTestId('home-figure-warnings')).toBeNull()
    expect(screen.queryByTestId('home-figure-expiringPorts')).toBeNull()
    expect(screen.getByTestId('home-figure-offline').querySelector('a')).toBeNull()
  })

  it('shows platform staff their tenants, orders and revenue of the month', async () => {
    signInAs([Role.operations])
    vi.mocked(api.homeFigures).mockResolvedValue({
      kind: 'platform',
      tenant: null,
      platform: { tenants: 8, ordersThisMonth: 5, revenueThisMonthCents: 123_450 },
    })
    renderWithProviders(<HomeFigures />)
    expect(await screen.findByTestId('home-figure-tenants')).toHaveTextContent('Customers8')
    expect(screen.getByTestId('home-figure-orders')).toHaveTextContent('5')
    expect(screen.getByTestId('home-figure-revenue')).toHaveTextContent('1,234.50')
    expect(screen.queryByTestId('home-figure-unreplied')).toBeNull()
  })
})
