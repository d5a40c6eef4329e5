import { screen } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { i18n } from '../../i18n'
import { fakeServer, ok } from '../../test/fixtures'
import { renderWithProviders } from '../../test/testUtils'
import OrderStatisticsPage from './OrderStatistics'

vi.mock('./OrderStatisticsChart', () => ({ default: () => <div data-testid="order-stats-chart" /> }))

const zero = {
  newAmount: 0,
  newQuantity: 0,
  renewalAmount: 0,
  renewalQuantity: 0,
  refundAmount: 0,
  refundQuantity: 0,
  netAmount: 0,
}

beforeEach(() => i18n.changeLanguage('en'))
afterEach(() => i18n.changeLanguage('zh'))

describe('order statistics', { timeout: 30_000 }, () => {
  it('titles the page, labels the range, and says so when the range has no orders', async () => {
    fakeServer({
      '/damai/admin/order/statistics': () => ok({ totals: zero, byDay: [], bySeller: [], byKind: [] }),
    })
    renderWithProviders(<OrderStatisticsPage />)
    expect(screen.getByRole('heading', { level: 1, name: 'Order statistics' })).toBeInTheDocument()
    expect(screen.getByText('Date range')).toBeInTheDocument()
    expect(await screen.findByTestId('order-stats-chart')).toBeInTheDocument()
    expect(await screen.findByTestId('empty-state')).toHaveTextContent('No orders in this period')
  })
})
