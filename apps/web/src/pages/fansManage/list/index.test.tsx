import type { FanView } from '@app/core'
import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import * as accountApi from '../../../api/account'
import * as deskApi from '../../../api/desk'
import * as api from '../../../api/fans'
import * as labelApi from '../../../api/label'
import { i18n } from '../../../i18n'
import { renderWithProviders } from '../../../test/testUtils'
import FansListPage from './index'

vi.mock('../../../api/fans')
vi.mock('../../../api/label')
vi.mock('../../../api/desk', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../../api/desk')>()),
  listDeskAccounts: vi.fn(),
  listAgents: vi.fn(),
}))
vi.mock('../../../api/account', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../../api/account')>()),
  listAccountGroups: vi.fn(),
}))

const fan = (id: number, o: Partial<FanView> = {}): FanView => ({
  id,
  nickname: '',
  pushName: '',
  remark: '',
  phone: `44790000000${id}`,
  phoneTail: `000${id}`,
  lid: null,
  phoneHidden: false,
  accountId: 1,
  accountPhone: '8613800000001',
  accountGroupId: 3,
  accountGroupName: 'Sales',
  source: 'passive_add',
  labels: [],
  repeat: false,
  inherited: false,
  invalid: false,
  massSendEnabled: true,
  country: 'GB',
  createdAt: Date.UTC(2026, 0, id),
  lastMessageAt: Date.UTC(2026, 1, id),
  sessionId: 100 + id,
  ...o,
})
const alice = fan(1, { nickname: 'Alice Smith', labels: [{ id: 5, name: 'VIP' }] })
const bob = fan(2, { pushName: 'Bob', remark: 'wants alice to call', repeat: true })
const BASE = { invalid: false }
const ok = { matched: 1, changed: 1, notFound: 0, items: [] }

beforeEach(async () => {
  vi.clearAllMocks()
  await i18n.changeLanguage('en')
  vi.mocked(api.pageFans).mockResolvedValue({ list: [alice, bob], nextCursor: '1767225600000_1' })
  vi.mocked(api.countFans).mockResolvedValue(42)
  vi.mocked(api.batchFanMassSend).mockResolvedValue(ok)
  vi.mocked(api.batchFanInvalid).mockResolvedValue(ok)
  vi.mocked(api.exportFans).mockResolvedValue(true)
  vi.mocked(labelApi.listLabels).mockResolvedValue([{ id: 5, name: 'VIP', fanCount: 1, createdAt: 0 }])
  vi.mocked(deskApi.listDeskAccounts).mockResolvedValue([
    {
      id: 1,
      phone: '8613800000001',
      pushName: '',
      remark: '',
      status: 'online',
      abnormalReason: null,
      sessionCount: 2,
      unreadCount: 0,
    },
  ])
  vi.mocked(accountApi.listAccountGroups).mockResolvedValue([
    { id: 3, name: 'Sales', accountCount: 1, createdAt: 0 },
  ])
})
afterEach(() => i18n.changeLanguage('zh'))

const submit = () => fireEvent.click(screen.getByTestId('fan-filter-submit'))
async function choose(testId: string, title: string) {
  fireEvent.mouseDown(within(screen.getByTestId(testId)).getByRole('combobox'))
  const option = await waitFor(() => {
    const found = [...document.querySelectorAll('.ant-select-item-option')].find(
      (o) => o.getAttribute('title') === title,
    )
    if (!found) throw new Error(`option ${title} not shown`)
    return found
  })
  fireEvent.click(option)
}

describe('customers list', { timeout: 30_000 }, () => {
  it('lists valid customers first, with every field and the total', async () => {
    // the tail and the account group are in the column chooser
    localStorage.setItem('tableColumns:fans', JSON.stringify({ tail: true, group: true }))
    renderWithProviders(<FansListPage />)
    const row = await screen.findByTestId('fan-row-1')
    expect(api.pageFans).toHaveBeenCalledWith(BASE, 20, undefined)
    expect(api.countFans).toHaveBeenCalledWith(BASE)
    for (const text of [
      'Alice Smith',
      '+447900000001',
      '0001',
      '+8613800000001',
      'Passive add',
      'Sales',
      'VIP',
      'United Kingdom',
    ])
      expect(row).toHaveTextContent(text)
    expect(screen.getByTestId('fan-row-2')).toHaveTextContent('Repeat')
    expect(await screen.findByTestId('fan-total')).toHaveTextContent('42 in total')
  })

  it('shows a customer WhatsApp knows only by a hidden id as "number hidden", not an empty phone', async () => {
    const hidden = fan(3, { phone: null, phoneTail: '', lid: '3243512345678@lid', phoneHidden: true })
    vi.mocked(api.pageFans).mockResolvedValue({ list: [hidden], nextCursor: null })
    renderWithProviders(<FansListPage />)
    const row = await screen.findByTestId('fan-row-3')
    // the name and the phone column both carry the label
    expect(within(row).getAllByTestId('phone-hidden')).toHaveLength(2)
    expect(row).toHaveTextContent('Number hidden by WhatsApp')
  })

  it('searches with the keyword and marks it in names and remarks, ignoring case', async () => {
    renderWithProviders(<FansListPage />)
    await screen.findByTestId('fan-row-1')
    fireEvent.change(screen.getByTestId('fan-filter-keyword'), { target: { value: ' ALICE ' } })
    submit()
    await waitFor(() =>
      expect(api.pageFans).toHaveBeenLastCalledWith({ ...BASE, keyword: 'ALICE' }, 20, undefined),
    )
    await waitFor(() => expect(document.querySelectorAll('mark.search-highlight')).toHaveLength(2))
    expect(within(screen.getByTestId('fan-name-1')).getByText('Alice')).toHaveClass('search-highlight')
    expect(within(screen.getByTestId('fan-row-2')).getByText('alice')).toHaveClass('search-highlight')
  })

  it('sends each chosen filter in the body', async () => {
    renderWithProviders(<FansListPage />)
    await screen.findByTestId('fan-row-1')
    await choose('fan-filter-accounts', '+8613800000001')
    await choose('fan-filter-group', 'Sales')
    await choose('fan-filter-source', 'Active add')
    await choose('fan-filter-labels', 'VIP')
    await choose('fan-filter-repeat', 'Repeat')
    await choose('fan-filter-massSendEnabled', 'Mass send forbidden')
    fireEvent.change(screen.getByTestId('fan-filter-country'), { target: { value: 'br' } })
    submit()
    await waitFor(() =>
      expect(api.pageFans).toHaveBeenLastCalledWith(
        {
          accountIds: [1],
          accountGroupId: 3,
          source: 'active_add',
          labelIds: [5],
          repeat: true,
          invalid: false,
          massSendEnabled: false,
          country: 'BR',
        },
        20,
        undefined,
      ),
    )
    fireEvent.click(screen.getByTestId('fan-filter-reset'))
    await waitFor(() => expect(api.pageFans).toHaveBeenLastCalledWith(BASE, 20, undefined))
  })

  it('pages forward with the cursor and back', async () => {
    renderWithProviders(<FansListPage />)
    await screen.findByTestId('fan-row-1')
    expect(screen.getByTestId('fan-prev')).toBeDisabled()
    fireEvent.click(screen.getByTestId('fan-next'))
    await waitFor(() => expect(api.pageFans).toHaveBeenLastCalledWith(BASE, 20, '1767225600000_1'))
    expect(screen.getByTestId('fan-page-no')).toHaveTextContent('Page 2')
    fireEvent.click(screen.getByTestId('fan-prev'))
    expect(screen.getByTestId('fan-page-no')).toHaveTextContent('Page 1')
  })

  it('keeps the batch buttons disabled until customers are selected, then acts on them', async () => {
    renderWithProviders(<FansListPage />)
    await screen.findByTestId('fan-row-1')
    const buttons = ['labels', 'allow-mass', 'forbid-mass', 'invalid', 'restore', 'migrate']
    for (const b of buttons) expect(screen.getByTestId(`fan-batch-${b}`)).toBeDisabled()
    fireEvent.click(within(screen.getByTestId('fan-row-2')).getByRole('checkbox'))
    await waitFor(() => expect(screen.getByTestId('fan-selected')).toHaveTextContent('1 selected'))
    for (const b of buttons) expect(screen.getByTestId(`fan-batch-${b}`)).toBeEnabled()
    fireEvent.click(screen.getByTestId('fan-batch-forbid-mass'))
    await waitFor(() => expect(api.batchFanMassSend).toHaveBeenCalledWith({ fanIds: [2], value: false }))
    expect(await screen.findByText('Done: 1 customers, 1 changes')).toBeInTheDocument()
    // the selection is cleared after a batch
    await waitFor(() => expect(screen.getByTestId('fan-batch-restore')).toBeDisabled())
  })

  it('offers labels and mass send over every matching customer, never invalid or hand-over', async () => {
    renderWithProviders(<FansListPage />)
    await screen.findByTestId('fan-row-1')
    await screen.findByText(/All matching \(42\)/)
    fireEvent.click(screen.getByText(/All matching \(42\)/))
    for (const b of ['labels', 'allow-mass', 'forbid-mass'])
      expect(screen.getByTestId(`fan-batch-${b}`)).toBeEnabled()
    for (const b of ['invalid', 'restore', 'migrate'])
      expect(screen.getByTestId(`fan-batch-${b}`)).toBeDisabled()
  })

  it('exports the filtered list through the download helper', async () => {
    renderWithProviders(<FansListPage />)
    await screen.findByTestId('fan-row-1')
    fireEvent.click(screen.getByTestId('fan-export'))
    await waitFor(() =>
      expect(api.exportFans).toHaveBeenCalledWith(
        { filter: BASE, utcOffsetMinutes: -new Date().getTimezoneOffset() },
        expect.stringMatching(/^customers-\d{4}-\d{2}-\d{2}\.xlsx$/),
      ),
    )
  })

  it("imports a long list in batches, with the progress and each line's outcome", async () => {
    vi.mocked(api.importFans).mockImplementation(async (_accountId, phones) => ({
      items: phones.map((line, i) => ({
        line,
        phone: line,
        outcome: i === 0 ? 'exists' : line === 'bad' ? 'invalid' : 'added',
        fanId: null,
      })),
    }))
    renderWithProviders(<FansListPage />)
    await screen.findByTestId('fan-row-1')
    fireEvent.click(screen.getByTestId('fan-import'))
    const lines = [...Array.from({ length: 24 }, (_, i) => `4477009001${String(i).padStart(2, '0')}`), 'bad']
    fireEvent.change(await screen.findByTestId('fan-import-text'), { target: { value: lines.join('\n') } })
    fireEvent.click(screen.getByTestId('fan-import-start'))
    expect(await screen.findByText('Choose an online WS account')).toBeInTheDocument()
    expect(api.importFans).not.toHaveBeenCalled()
    await choose('fan-import-account', '+8613800000001')
    fireEvent.click(screen.getByTestId('fan-import-start'))
    await waitFor(() => expect(api.importFans).toHaveBeenCalledTimes(2))
    expect(vi.mocked(api.importFans).mock.calls.map(([id, phones]) => [id, phones.length])).toEqual([
      [1, 20],
      [1, 5],
    ])
    expect(await screen.findByTestId('fan-import-summary')).toHaveTextContent(
      '22 added, 2 already customers, 0 not on WhatsApp, 1 invalid lines',
    )
    expect(screen.getByTestId('fan-import-progress')).toHaveTextContent('100%')
  })

  it('names every filter with a label, not only a placeholder', async () => {
    renderWithProviders(<FansListPage />)
    await screen.findByTestId('fan-row-1')
    const filters = within(screen.getByTestId('fan-filters'))
    expect(filters.getByLabelText('Keyword')).toBeInstanceOf(HTMLInputElement)
    for (const label of ['WS accounts', 'Account group', 'Source', 'Labels', 'Repeat or not'])
      expect(filters.getAllByLabelText(label)[0]).toHaveAttribute('role', 'combobox')
    expect(screen.getByRole('heading', { level: 1 })).toBeInTheDocument()
  })

  it('says how to get customers when there are none, and offers to clear a filter that finds none', async () => {
    vi.mocked(api.pageFans).mockResolvedValue({ list: [], nextCursor: null })
    vi.mocked(api.countFans).mockResolvedValue(0)
    renderWithProviders(<FansListPage />)
    expect(await screen.findByTestId('fan-empty-import')).toBeInTheDocument()
    fireEvent.change(screen.getByTestId('fan-filter-keyword'), { target: { value: 'nobody' } })
    submit()
    fireEvent.click(await screen.findByTestId('empty-clear-filters'))
    await waitFor(() => expect(api.pageFans).toHaveBeenLastCalledWith(BASE, 20, undefined))
    expect(screen.getByTestId('fan-filter-keyword')).toHaveValue('')
  })
})
