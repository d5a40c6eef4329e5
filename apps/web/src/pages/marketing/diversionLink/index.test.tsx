import type { DiversionLinkView } from '@app/core'
import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import * as acquisition from '../../../api/acquisition'
import * as agents from '../../../api/agents'
import * as api from '../../../api/diversion'
import { i18n } from '../../../i18n'
import { renderWithProviders } from '../../../test/testUtils'
import DiversionLinkPage from './index'

vi.mock('../../../api/diversion', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../../api/diversion')>()),
  pageLinks: vi.fn(),
  createLink: vi.fn(),
  linkStats: vi.fn(),
}))
vi.mock('../../../api/acquisition', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../../api/acquisition')>()),
  allAccounts: vi.fn(),
}))
vi.mock('../../../api/agents', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../../api/agents')>()),
  queryAgents: vi.fn(),
}))

globalThis.ResizeObserver ??= class {
  observe() {}
  unobserve() {}
  disconnect() {}
}

const link: DiversionLinkView = {
  id: 7,
  code: 'abcDEF12',
  name: 'Facebook ads',
  greeting: 'Hello',
  enabled: true,
  accounts: [{ accountId: 3, phone: '8613800000001', dailyCap: 0 }],
  visits: 12,
  newFans: 4,
  createdAt: Date.UTC(2026, 0, 5),
}

beforeEach(async () => {
  vi.clearAllMocks()
  await i18n.changeLanguage('en')
  vi.mocked(api.pageLinks).mockResolvedValue({ list: [link], total: 1 })
  vi.mocked(acquisition.allAccounts).mockResolvedValue([
    { id: 3, phone: '8613800000001' },
    { id: 4, phone: '8613800000002' },
  ])
  vi.mocked(agents.queryAgents).mockResolvedValue({ list: [], total: 0 })
})
afterEach(async () => {
  await i18n.changeLanguage('zh')
})

// the first render loads the whole antd table and form: slow on a busy machine
describe('diversion links page', { timeout: 30_000 }, () => {
  it('lists links with their public address, visits and new fans', async () => {
    renderWithProviders(<DiversionLinkPage />)
    const table = await screen.findByTestId('diversion-table')
    await within(table).findByText('Facebook ads')
    expect(within(table).getByText(`${window.location.origin}/s?c=abcDEF12`)).toBeInTheDocument()
    expect(within(table).getByTestId('diversion-new-fans')).toHaveTextContent('4')
  })

  it('is titled by its menu entry as the one h1, with creating as its action and the total shown', async () => {
    renderWithProviders(<DiversionLinkPage />)
    expect(screen.getByRole('heading', { level: 1, name: 'Diversion links' })).toBeInTheDocument()
    expect(within(screen.getByTestId('page-actions')).getByTestId('diversion-create')).toBeInTheDocument()
    expect(await screen.findByText('1 in total')).toBeInTheDocument()
  })

  it('searches by name, and offers to clear the filter when nothing matches', async () => {
    renderWithProviders(<DiversionLinkPage />)
    await screen.findByText('Facebook ads')
    vi.mocked(api.pageLinks).mockResolvedValue({ list: [], total: 0 })
    fireEvent.change(screen.getByLabelText('Link name'), { target: { value: ' TikTok ' } })
    fireEvent.click(screen.getByTestId('diversion-filter-submit'))
    await waitFor(() =>
      expect(api.pageLinks).toHaveBeenLastCalledWith({ pageNo: 1, pageSize: 10, name: 'TikTok' }),
    )
    fireEvent.click(await screen.findByTestId('empty-clear-filters'))
    await waitFor(() =>
      expect(api.pageLinks).toHaveBeenLastCalledWith({ pageNo: 1, pageSize: 10, name: undefined }),
    )
    expect(screen.getByLabelText('Link name')).toHaveValue('')
  })

  it('says how to start when there is no link yet', async () => {
    vi.mocked(api.pageLinks).mockResolvedValue({ list: [], total: 0 })
    renderWithProviders(<DiversionLinkPage />)
    const empty = await screen.findByTestId('empty-state')
    expect(empty).toHaveTextContent('No diversion links yet')
    fireEvent.click(screen.getByTestId('diversion-empty-create'))
    expect(await screen.findByTestId('diversion-name')).toBeInTheDocument()
  })

  it('says what is missing before sending, then creates the link with its accounts and caps', async () => {
    vi.mocked(api.createLink).mockResolvedValue(link)
    const user = userEvent.setup()
    renderWithProviders(<DiversionLinkPage />)
    await user.click(await screen.findByTestId('diversion-create'))
    await user.click(await screen.findByRole('button', { name: /OK/ }))
    expect(await screen.findByText('Enter the link name')).toBeInTheDocument()
    expect(await screen.findByText('Choose accounts or agents')).toBeInTheDocument()
    expect(api.createLink).not.toHaveBeenCalled()

    await user.type(screen.getByTestId('diversion-name'), 'TikTok')
    await user.type(screen.getByTestId('diversion-greeting'), 'Hi')
    const select = within(screen.getByTestId('diversion-account-0')).getByRole('combobox')
    fireEvent.mouseDown(select)
    await user.click(await screen.findByTitle('8613800000002'))
    await user.type(screen.getByTestId('diversion-cap-0'), '20')
    await user.click(screen.getByRole('button', { name: /OK/ }))
    await waitFor(() =>
      expect(api.createLink).toHaveBeenCalledWith({
        name: 'TikTok',
        greeting: 'Hi',
        accounts: [{ accountId: 4, dailyCap: 20 }],
        agentIds: [],
      }),
    )
  })

  it('shows a link’s statistics per account and per agent', async () => {
    vi.mocked(api.linkStats).mockResolvedValue({
      id: 7,
      visits: 12,
      redirected: 11,
      newFans: 4,
      accounts: [
        {
          accountId: 3,
          phone: '8613800000001',
          status: 'online',
          dailyCap: 10,
          today: 2,
          visits: 11,
          newFans: 4,
        },
      ],
      agents: [{ agentId: 9, name: 'Amy', newFans: 4 }],
    })
    const user = userEvent.setup()
    renderWithProviders(<DiversionLinkPage />)
    await user.click(await screen.findByTestId('diversion-stats'))
    const accounts = await screen.findByTestId('diversion-stats-accounts')
    await within(accounts).findByText('2 / 10')
    expect(within(accounts).getByText('Online')).toBeInTheDocument()
    expect(screen.getByText('Amy')).toBeInTheDocument()
  })
})
