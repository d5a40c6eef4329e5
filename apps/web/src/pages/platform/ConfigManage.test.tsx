import { fireEvent, screen, waitFor } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { i18n } from '../../i18n'
import { fakeFeedback } from '../../test/feedback'
import { fakeServer, ok } from '../../test/fixtures'
import { renderWithProviders } from '../../test/testUtils'
import ConfigManage from './ConfigManage'

function server() {
  return fakeServer({
    '/damai/admin/config/get': () =>
      ok({
        portPricePerDay: 150,
        seatPricePerDay: 0,
        trialPorts: 1,
        trialSeats: 1,
        trialDays: 3,
        reminderDays: 7,
      }),
    '/damai/admin/config/update': () => ok(null),
  })
}
const updates = (adapter: ReturnType<typeof server>) =>
  adapter.mock.calls.map(([c]) => c).filter((c) => c.url === '/damai/admin/config/update')

beforeEach(async () => {
  await i18n.changeLanguage('en')
  fakeFeedback()
})
afterEach(() => i18n.changeLanguage('zh'))

describe('operations configuration', () => {
  it('shows prices in yuan, refuses a bad amount, and saves prices in fen', async () => {
    const adapter = server()
    renderWithProviders(<ConfigManage />)
    expect(screen.getByRole('heading', { level: 1, name: 'Configuration' })).toBeInTheDocument()
    await waitFor(() => expect(screen.getByTestId('config-port-price')).toHaveValue('1.50'))
    fireEvent.change(screen.getByTestId('config-seat-price'), { target: { value: '1.234' } })
    fireEvent.click(screen.getByTestId('config-save'))
    expect(await screen.findByText('Enter an amount with at most two decimals')).toBeInTheDocument()
    expect(updates(adapter)).toHaveLength(0)

    fireEvent.change(screen.getByTestId('config-seat-price'), { target: { value: '2.5' } })
    fireEvent.click(screen.getByTestId('config-save'))
    await waitFor(() => expect(updates(adapter)).toHaveLength(1))
    expect(JSON.parse(updates(adapter)[0]?.data)).toEqual({
      portPricePerDay: 150,
      seatPricePerDay: 250,
      trialPorts: 1,
      trialSeats: 1,
      trialDays: 3,
      reminderDays: 7,
    })
  })
})
