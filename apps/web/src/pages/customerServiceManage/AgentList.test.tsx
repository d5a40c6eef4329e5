import { fireEvent, screen, waitFor } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { i18n } from '../../i18n'
import { fakeFeedback } from '../../test/feedback'
import { fakeServer, ok } from '../../test/fixtures'
import { renderWithProviders } from '../../test/testUtils'
import AgentList from './AgentList'

const toastError = vi.fn()
const alice = {
  id: 11,
  username: 'alice',
  nickname: 'Alice',
  roleId: 5,
  status: 0,
  groupId: null,
  groupName: null,
  seatId: 3,
  seatExpiresAt: Date.UTC(2026, 11, 31),
  seatActive: true,
  accounts: [{ id: 1, phone: '8613800138000', status: 'online' }],
  createdAt: Date.UTC(2026, 0, 1),
}

function server() {
  return fakeServer({
    '/damai/customer/agent/query': () => ok({ list: [alice], total: 1 }),
    '/damai/customer/agentGroup/list': () => ok([]),
    '/damai/customer/agent/create': () => ({
      code: 2501,
      msg: 'No free seat: buy or renew a seat, then add the agent',
    }),
  })
}

beforeEach(async () => {
  vi.clearAllMocks()
  await i18n.changeLanguage('en')
  fakeFeedback({ error: toastError })
})
afterEach(async () => {
  vi.useRealTimers()
  await i18n.changeLanguage('zh')
})

describe('agents', () => {
  it('lists each agent with the seat end and the WS accounts', async () => {
    server()
    renderWithProviders(<AgentList />)
    expect(await screen.findByText('alice')).toBeInTheDocument()
    expect(screen.getByTestId('agent-table')).toHaveTextContent('until 2026-12-31')
    expect(screen.getByTestId('agent-table')).toHaveTextContent('8613800138000')
  })

  it('sends the new agent and, refused for want of a seat, says so and keeps the dialog', async () => {
    const adapter = server()
    renderWithProviders(<AgentList />)
    await screen.findByText('alice')
    // a person fills the form in more than the 300 ms after the list came in during which an error
    // toast is held back
    vi.useFakeTimers({ toFake: ['Date'] })
    vi.setSystemTime(Date.now() + 1_000)
    fireEvent.click(screen.getByTestId('agent-create'))
    fireEvent.change(screen.getByTestId('agent-username'), { target: { value: 'bob' } })
    fireEvent.change(screen.getByTestId('agent-password'), { target: { value: 'Bobby2468x' } })
    fireEvent.click(screen.getByTestId('agent-save'))
    await waitFor(() => expect(toastError).toHaveBeenCalled())
    expect(toastError.mock.calls[0]?.[0].content).toBe(
      'No free seat: buy or renew a seat, then add the agent',
    )
    const sent = adapter.mock.calls.map(([c]) => c).find((c) => c.url === '/damai/customer/agent/create')
    expect(JSON.parse(sent?.data)).toMatchObject({ username: 'bob', password: 'Bobby2468x', roleId: 5 })
    expect(screen.getByTestId('agent-username')).toHaveValue('bob')
  })
})
