import {
  ConsolePath as C,
  type ConsoleAccountView,
  type ConsoleAgentView,
  type ConsoleOverview,
  Role,
} from '@app/core'
import { act, configure, fireEvent, screen, waitFor, within } from '@testing-library/react'
import type { InternalAxiosRequestConfig } from 'axios'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { i18n } from '../../i18n'
import { fakeServer, makeSession, ok } from '../../test/fixtures'
import { emitSocket, renderWithProviders, signInAs } from '../../test/testUtils'
import SessionConsole from './index'

vi.mock('../../realtime', () => import('../../test/testUtils'))

// antd renders slowly in jsdom on a busy machine
configure({ asyncUtilTimeout: 5000 })

const agent = (over: Partial<ConsoleAgentView>): ConsoleAgentView => ({
  id: 11,
  username: 'alice',
  nickname: 'Alice',
  active: true,
  online: true,
  sessions: 4,
  unread: 2,
  unreplied: 1,
  accounts: [],
  ...over,
})
const account = (over: Partial<ConsoleAccountView>): ConsoleAccountView => ({
  id: 1,
  phone: '8613800000001',
  status: 'online',
  pushName: 'Shop',
  remark: '',
  agentUserId: null,
  sessions: 2,
  unallocated: 2,
  ...over,
})
const shopA = account({ id: 1, phone: '8613800000001', agentUserId: 11, unallocated: 0 })
const shopFree = account({ id: 2, phone: '8613800000002' })
const alice = agent({ accounts: [{ id: 1, phone: '8613800000001', status: 'online' }] })
const bob = agent({
  id: 12,
  username: 'bob',
  nickname: 'Bob',
  online: false,
  sessions: 0,
  unread: 0,
  unreplied: 0,
})
const gone = agent({ id: 13, username: 'carl', nickname: 'Carl', active: false, online: false, sessions: 1 })
const overview: ConsoleOverview = {
  unallocated: { sessions: 2, unread: 1, unreplied: 0 },
  agents: [alice, bob, gone],
  accounts: [shopA, shopFree],
}
const wang = makeSession({
  id: 7,
  title: 'Wang',
  accountId: 2,
  accountPhone: '8613800000002',
  unreadCount: 3,
  agentUserId: null,
  lastMessage: 'is it in stock?',
})
const li = makeSession({
  id: 8,
  title: 'Li',
  accountId: 2,
  accountPhone: '8613800000002',
  agentUserId: null,
  fanPhone: '8613911110002',
})

const bodyOf = (c: InternalAxiosRequestConfig) => JSON.parse(c.data as string) as Record<string, unknown>
let overviewReads = 0

function server() {
  overviewReads = 0
  return fakeServer({
    [C.overview]: () => {
      overviewReads++
      return ok(overview)
    },
    [C.sessionPage]: (c) =>
      ok({ list: bodyOf(c).userId ? [makeSession({ id: 9, title: 'Zhao' })] : [wang, li], nextCursor: null }),
    [C.sessionMove]: (c) => ok({ moved: (bodyOf(c).sessionIds as number[]).length }),
    [C.accountAssign]: (c) => ok({ changed: (bodyOf(c).accountIds as number[]).length }),
    [C.accountUnassign]: () => ok({ changed: 1 }),
  })
}
const sent = (adapter: ReturnType<typeof server>, url: string) =>
  adapter.mock.calls
    .map(([c]) => c)
    .filter((c) => c.url === url)
    .map(bodyOf)

async function choose(testId: string, text: string) {
  fireEvent.mouseDown(within(screen.getByTestId(testId)).getByRole('combobox'))
  const option = await waitFor(() => {
    const found = [...document.querySelectorAll('.ant-select-item-option')].find((o) =>
      o.textContent?.includes(text),
    )
    if (!found) throw new Error(`option ${text} not shown`)
    return found
  })
  fireEvent.click(option)
}

beforeEach(async () => {
  vi.clearAllMocks()
  signInAs([Role.customerMaster])
  await i18n.changeLanguage('en')
})
afterEach(() => i18n.changeLanguage('zh'))

describe('session console', { timeout: 30_000 }, () => {
  it('shows the unallocated sessions with account, customer, last message and unread, and the free accounts', async () => {
    server()
    renderWithProviders(<SessionConsole />)
    expect(screen.getByRole('heading', { level: 1, name: 'Session console' })).toBeInTheDocument()
    const table = await screen.findByTestId('console-unallocated')
    await within(table).findByText('Wang')
    const row = screen.getByTestId('console-unallocated-row-7')
    expect(row).toHaveTextContent('+8613800000002')
    expect(row).toHaveTextContent('is it in stock?')
    expect(row).toHaveTextContent('3')
    expect(screen.getByTestId('console-tab-unallocated')).toHaveTextContent('Unallocated sessions (2)')
    expect(screen.getByTestId('console-free-accounts')).toHaveTextContent('+8613800000002')
    expect(screen.getByTestId('console-free-accounts')).not.toHaveTextContent('+8613800000001')
  })

  it('gives the ticked sessions to the chosen agent', async () => {
    const adapter = server()
    renderWithProviders(<SessionConsole />)
    await screen.findByTestId('console-unallocated-row-8')
    const submit = screen.getByTestId('console-unallocated-move-submit')
    expect(submit).toBeDisabled()
    fireEvent.click(within(screen.getByTestId('console-unallocated-row-7')).getByRole('checkbox'))
    fireEvent.click(within(screen.getByTestId('console-unallocated-row-8')).getByRole('checkbox'))
    await choose('console-unallocated-move-agent', 'Bob')
    // a disabled agent is never offered
    expect(
      [...document.querySelectorAll('.ant-select-item-option')].some((o) => o.textContent?.includes('Carl')),
    ).toBe(false)
    await waitFor(() => expect(submit).toBeEnabled())
    fireEvent.click(submit)
    await waitFor(() => expect(sent(adapter, C.sessionMove)).toEqual([{ sessionIds: [7, 8], userId: 12 }]))
    expect(await screen.findByText('2 sessions given to the agent')).toBeInTheDocument()
  })

  it('lists the agents with online state, counts and accounts, and drills into their sessions', async () => {
    server()
    renderWithProviders(<SessionConsole />)
    await screen.findByTestId('console-unallocated-row-7')
    fireEvent.click(screen.getByTestId('console-tab-allocated'))
    const table = await screen.findByTestId('console-agents')
    await within(table).findByText('Alice')
    expect(screen.getByTestId('console-agent-11-online')).toBeInTheDocument()
    expect(screen.getByTestId('console-agent-12-offline')).toBeInTheDocument()
    expect(screen.getByTestId('console-agent-account-1')).toHaveTextContent('+8613800000001')
    expect(table).toHaveTextContent('Disabled')
    // a disabled agent is given nothing new
    expect(screen.queryByTestId('console-agent-assign-13')).not.toBeInTheDocument()
    fireEvent.click(screen.getByTestId('console-agent-sessions-11'))
    expect(await screen.findByText('Sessions of Alice')).toBeInTheDocument()
    expect(await screen.findByTestId('console-agent-sessions-row-9')).toHaveTextContent('Zhao')
  })

  it('assigns accounts to an agent, and takes one back after asking', async () => {
    const adapter = server()
    renderWithProviders(<SessionConsole />)
    fireEvent.click(await screen.findByTestId('console-tab-allocated'))
    fireEvent.click(await screen.findByTestId('console-agent-assign-12'))
    await choose('console-assign-accounts', '+8613800000001')
    fireEvent.click(screen.getByTestId('console-assign-save'))
    await waitFor(() => expect(sent(adapter, C.accountAssign)).toEqual([{ accountIds: [1], userId: 12 }]))

    const tag = screen.getByTestId('console-agent-account-1')
    fireEvent.click(within(tag).getByRole('button', { name: 'Close' }))
    const question = await screen.findByText(/Take WS account \+8613800000001 from its agent\?/)
    const dialog = question.closest('.ant-modal') as HTMLElement
    fireEvent.click(within(dialog).getByRole('button', { name: 'Unassign' }))
    await waitFor(() => expect(sent(adapter, C.accountUnassign)).toEqual([{ accountIds: [1] }]))
  })

  it('reads the counts again when the desks change something', async () => {
    server()
    renderWithProviders(<SessionConsole />)
    await screen.findByTestId('console-unallocated-row-7')
    const before = overviewReads
    act(() => emitSocket('account.assigned', { accountId: 2, agentUserId: 12, previousAgentUserId: null }))
    await waitFor(() => expect(overviewReads).toBeGreaterThan(before))
  })
})
