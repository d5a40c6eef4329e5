import { screen } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { i18n } from '../../i18n'
import { fakeServer, ok } from '../../test/fixtures'
import { renderWithProviders } from '../../test/testUtils'
import { MyOrder, PortRecord, SeatRecord } from './MyRecords'

beforeEach(() => i18n.changeLanguage('en'))
afterEach(() => i18n.changeLanguage('zh'))

function server() {
  const empty = () => ok({ list: [], total: 0 })
  return fakeServer({
    '/damai/customer/order/query': empty,
    '/damai/customer/portRecord/query': empty,
    '/damai/customer/seatRecord/query': empty,
  })
}

describe("the supervisor's ports, seats and orders", { timeout: 30_000 }, () => {
  it('titles the ports page and, without ports, says where they come from', async () => {
    server()
    renderWithProviders(<PortRecord />)
    expect(screen.getByRole('heading', { level: 1, name: 'Port records' })).toBeInTheDocument()
    expect(await screen.findByTestId('empty-state')).toHaveTextContent('No ports yet')
    expect(screen.getByTestId('my-port-renewal')).toBeDisabled()
  })

  it('titles the seats page', async () => {
    server()
    renderWithProviders(<SeatRecord />)
    expect(screen.getByRole('heading', { level: 1, name: 'Seat records' })).toBeInTheDocument()
    expect(await screen.findByTestId('empty-state')).toHaveTextContent('No seats yet')
  })

  it('titles the orders page', async () => {
    server()
    renderWithProviders(<MyOrder />)
    expect(screen.getByRole('heading', { level: 1, name: 'My orders' })).toBeInTheDocument()
    expect(await screen.findByTestId('empty-state')).toHaveTextContent('No orders yet')
  })
})
