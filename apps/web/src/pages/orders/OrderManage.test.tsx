import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { i18n } from '../../i18n'
import { fakeServer, ok } from '../../test/fixtures'
import { renderWithProviders } from '../../test/testUtils'
import OrderManage from './OrderManage'

beforeEach(() => i18n.changeLanguage('en'))
afterEach(() => i18n.changeLanguage('zh'))

const empty = () => ok({ list: [], total: 0 })
function server() {
  return fakeServer({
    '/damai/admin/order/query': empty,
    '/damai/admin/userPort/query/': empty,
    '/damai/admin/tenant/query': empty,
  })
}
const bodies = (adapter: ReturnType<typeof server>, url: string) =>
  adapter.mock.calls
    .map(([c]) => c)
    .filter((c) => c.url === url)
    .map((c) => JSON.parse(c.data))

async function choose(label: string, title: string) {
  fireEvent.mouseDown(screen.getByLabelText(label))
  const option = await waitFor(() => {
    const found = [...document.querySelectorAll('.ant-select-item-option')].find(
      (o) => o.getAttribute('title') === title,
    )
    if (!found) throw new Error(`option ${title} not shown`)
    return found
  })
  fireEvent.click(option)
}

describe('orders (/orderManage)', { timeout: 30_000 }, () => {
  it('titles the page with the orders tab’s export and create beside the title, and offers the first order', async () => {
    server()
    renderWithProviders(<OrderManage />)
    expect(screen.getByRole('heading', { level: 1, name: 'Orders' })).toBeInTheDocument()
    const actions = screen.getByTestId('page-actions')
    expect(within(actions).getByTestId('orders-export')).toHaveTextContent('Export')
    expect(within(actions).getByTestId('order-create')).toHaveTextContent('New order')
    const first = await screen.findByTestId('empty-state')
    expect(first).toHaveTextContent('No orders yet')
    fireEvent.click(within(first).getByText('New order'))
    expect(await screen.findByTestId('order-save')).toBeInTheDocument()
  })

  it('filters by kind on Search, and a filter that finds nothing offers to clear it', async () => {
    const adapter = server()
    renderWithProviders(<OrderManage />)
    await screen.findByTestId('empty-state')
    await choose('Kind', 'Seat')
    fireEvent.click(screen.getByTestId('orders-filter-submit'))
    await waitFor(() =>
      expect(bodies(adapter, '/damai/admin/order/query').at(-1)).toEqual({
        pageNo: 1,
        pageSize: 10,
        kind: 'seat',
      }),
    )
    fireEvent.click(await screen.findByTestId('empty-clear-filters'))
    await waitFor(() =>
      expect(bodies(adapter, '/damai/admin/order/query').at(-1)).toEqual({ pageNo: 1, pageSize: 10 }),
    )
  })

  it('shows the record tabs under the same heading, their batch actions with the table', async () => {
    server()
    renderWithProviders(<OrderManage />)
    // role queries deep in the page are slow in jsdom: the tab is found by its text
    fireEvent.click(screen.getByText('Port records').closest('[role="tab"]') as Element)
    expect(await screen.findByTestId('records-port-table')).toBeInTheDocument()
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1)
    expect(screen.queryByTestId('page-actions')).toBeNull()
    expect(screen.getByTestId('records-port-renew')).toBeDisabled()
    await waitFor(() => expect(screen.getByTestId('empty-state')).toHaveTextContent('No port records yet'))
  })
})
