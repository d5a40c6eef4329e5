import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { i18n } from '../../../i18n'
import { fakeFeedback } from '../../../test/feedback'
import { fakeServer, ok } from '../../../test/fixtures'
import { renderWithProviders } from '../../../test/testUtils'
import AccountGroupPage from './index'

const groups = [
  { id: 1, name: 'Sales', accountCount: 2, createdAt: Date.UTC(2026, 0, 1) },
  { id: 2, name: 'Support', accountCount: 0, createdAt: Date.UTC(2026, 0, 2) },
]
const toastError = vi.fn()

function server(deleteAnswer: () => unknown = () => ok(null)) {
  return fakeServer({
    '/damai/customer/wsAccountGroup/list': () => ok({ list: groups }),
    '/damai/customer/wsAccountGroup': (config) =>
      config.method === 'delete' ? deleteAnswer() : ok(config.method === 'post' ? { id: 3 } : null),
  })
}
const callsTo = (adapter: ReturnType<typeof server>, method: string) =>
  adapter.mock.calls
    .map(([c]) => c)
    .filter((c) => c.method === method && c.url === '/damai/customer/wsAccountGroup')

beforeEach(async () => {
  vi.clearAllMocks()
  await i18n.changeLanguage('en')
  fakeFeedback({ error: toastError })
})
afterEach(() => i18n.changeLanguage('zh'))

describe('account groups', () => {
  it('lists the groups with their account counts', async () => {
    server()
    renderWithProviders(<AccountGroupPage />)
    expect(await screen.findByTestId('group-row-Sales')).toHaveTextContent('2')
    expect(screen.getByTestId('group-row-Support')).toHaveTextContent('0')
  })

  it('refuses a name with spaces and sends nothing; sends a good one', async () => {
    const adapter = server()
    renderWithProviders(<AccountGroupPage />)
    await screen.findByTestId('group-row-Sales')
    fireEvent.click(screen.getByTestId('group-create'))
    fireEvent.change(screen.getByTestId('group-name'), { target: { value: 'VIP clients' } })
    fireEvent.click(screen.getByTestId('group-save'))
    expect(await screen.findByText('The group name must not contain spaces')).toBeInTheDocument()
    expect(callsTo(adapter, 'post')).toHaveLength(0)

    fireEvent.change(screen.getByTestId('group-name'), { target: { value: 'VIP' } })
    fireEvent.click(screen.getByTestId('group-save'))
    await waitFor(() => expect(callsTo(adapter, 'post')).toHaveLength(1))
    expect(JSON.parse(String(callsTo(adapter, 'post')[0]?.data))).toEqual({ name: 'VIP' })
  })

  it("warns before deleting a group that holds accounts and shows the server's refusal", async () => {
    const adapter = server(() => ({ code: 2005, msg: 'This group still has accounts and cannot be deleted' }))
    renderWithProviders(<AccountGroupPage />)
    await screen.findByTestId('group-row-Sales')
    fireEvent.click(screen.getByTestId('group-delete-1'))
    const dialog = (await screen.findByText(/still holds accounts \(2\)/)).closest(
      '.ant-modal',
    ) as HTMLElement
    expect(dialog).toHaveTextContent(
      'The group "Sales" still holds accounts (2): move them to another group first.',
    )
    const confirm = within(dialog).getByRole('button', { name: /Delete/ })
    expect(confirm).toBeDisabled()
    await waitFor(() => expect(confirm).toBeEnabled(), { timeout: 4000 })
    fireEvent.click(confirm)
    await waitFor(() =>
      expect(toastError).toHaveBeenCalledWith(
        expect.objectContaining({ content: 'This group still has accounts and cannot be deleted' }),
      ),
    )
    expect(callsTo(adapter, 'delete')[0]?.params).toEqual({ id: 1 })
    expect(screen.getByTestId('group-row-Sales')).toBeInTheDocument()
  })
})
