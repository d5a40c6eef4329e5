import { type MassSendStatusValue, validationMessages } from '@app/core'
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import * as deskApi from '../../../api/desk'
import * as labelApi from '../../../api/label'
import * as api from '../../../api/massSend'
import { i18n } from '../../../i18n'
import { emitSocket, renderWithProviders } from '../../../test/testUtils'
import { deskAccount, makeCounters, makeTask } from '../components/MassSendTestData'
import AddFansGroupSendPage from './index'

vi.mock('../../../realtime', () => import('../../../test/testUtils'))
vi.mock('../../../api/massSend')
vi.mock('../../../api/label')
vi.mock('../../../api/desk', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../../api/desk')>()),
  listDeskAccounts: vi.fn(),
}))

const task = (id: number, status: MassSendStatusValue) => makeTask({ id, status, name: `Task ${id}` })

beforeEach(async () => {
  vi.clearAllMocks()
  await i18n.changeLanguage('en')
  vi.mocked(api.pageMassSend).mockResolvedValue({
    list: [
      task(1, 'executing'),
      task(2, 'pending'),
      task(3, 'paused'),
      task(4, 'completed'),
      task(5, 'preparing'),
    ],
    total: 5,
  })
  vi.mocked(api.actOnMassSend).mockResolvedValue(null)
  vi.mocked(api.deleteMassSend).mockResolvedValue(null)
  vi.mocked(api.createMassSend).mockResolvedValue({ id: 9 })
  vi.mocked(api.massSendAudiencePreview).mockResolvedValue({ count: 42, sample: [] })
  vi.mocked(labelApi.listLabels).mockResolvedValue([
    { id: 5, name: 'VIP', fanCount: 2, createdAt: 0 },
    { id: 6, name: 'Cold', fanCount: 1, createdAt: 0 },
  ])
  vi.mocked(deskApi.listDeskAccounts).mockResolvedValue([
    deskAccount(),
    deskAccount({ id: 2, phone: '8613800138001', status: 'offline' }),
  ])
})
afterEach(() => i18n.changeLanguage('zh'))

/** The actions a row shows, in order. */
const actionsOf = (id: number) =>
  [...within(screen.getByTestId(`mass-send-actions-${id}`)).queryAllByRole('button')]
    .map((b) =>
      b
        .getAttribute('data-testid')
        ?.replace(/^mass-send-/, '')
        .replace(`-${id}`, ''),
    )
    .filter((a) => a !== 'log')

async function choose(testId: string, title: string) {
  fireEvent.mouseDown(within(await screen.findByTestId(testId)).getByRole('combobox'))
  const option = await waitFor(() => {
    // the dropdown opened last comes last in the page
    const found = [...document.querySelectorAll('.ant-select-item-option')]
      .reverse()
      .find((o) => o.getAttribute('title') === title && !o.closest('.ant-select-dropdown-hidden'))
    if (!found) throw new Error(`option ${title} not shown`)
    return found
  })
  fireEvent.click(option)
}

async function openForm() {
  renderWithProviders(<AddFansGroupSendPage />)
  await screen.findByTestId('mass-send-row-1')
  fireEvent.click(screen.getByTestId('mass-send-create'))
  await screen.findByTestId('mass-send-name')
}

async function addText(text: string) {
  fireEvent.click(screen.getByTestId('mass-send-sentence-add'))
  const area = await screen.findByTestId('mass-send-sentence-text')
  fireEvent.change(area, { target: { value: text } })
  fireEvent.click(screen.getByTestId('mass-send-sentence-save'))
  // saved: the task's sentences list it
  await waitFor(() =>
    expect(screen.getAllByTestId(/^mass-send-sentence-\d+$/).map((e) => e.textContent)).toContainEqual(
      expect.stringContaining(text),
    ),
  )
}

const errorTexts = () =>
  [...document.querySelectorAll('.ant-form-item-explain-error')].map((e) => e.textContent)

describe('mass-send tasks', { timeout: 60_000 }, () => {
  it('offers exactly the actions each status allows; delete never while executing', async () => {
    renderWithProviders(<AddFansGroupSendPage />)
    await screen.findByTestId('mass-send-row-1')
    expect(actionsOf(1)).toEqual(['pause', 'terminate'])
    expect(actionsOf(2)).toEqual(['start', 'terminate', 'delete'])
    expect(actionsOf(3)).toEqual(['resume', 'terminate', 'delete'])
    expect(actionsOf(4)).toEqual(['delete'])
    expect(actionsOf(5)).toEqual(['terminate'])

    fireEvent.click(screen.getByTestId('mass-send-pause-1'))
    await waitFor(() => expect(api.actOnMassSend).toHaveBeenCalledWith('pause', 1))
    fireEvent.click(screen.getByTestId('mass-send-start-2'))
    await waitFor(() => expect(api.actOnMassSend).toHaveBeenCalledWith('start', 2))

    // delete asks first
    fireEvent.click(screen.getByTestId('mass-send-delete-4'))
    expect(api.deleteMassSend).not.toHaveBeenCalled()
    fireEvent.click(await screen.findByTestId('mass-send-delete-confirm-4'))
    await waitFor(() => expect(api.deleteMassSend).toHaveBeenCalledWith(4))
  })

  it('moves counters and actions with the progress pushed on the socket', async () => {
    renderWithProviders(<AddFansGroupSendPage />)
    await screen.findByTestId('mass-send-row-1')
    expect(screen.getByTestId('mass-send-counts-1')).toHaveTextContent(
      '10 in all · 7 messages · 3 done · 1 failed · 6 left',
    )

    act(() =>
      emitSocket('massSend.progress', {
        taskId: 1,
        status: 'executing',
        pauseReason: null,
        counters: makeCounters({ sent: 5, remaining: 4, pending: 3, messagesSent: 11 }),
        updatedAt: Date.now(),
      }),
    )
    await waitFor(() =>
      expect(screen.getByTestId('mass-send-counts-1')).toHaveTextContent(
        '10 in all · 11 messages · 5 done · 1 failed · 4 left',
      ),
    )
    expect(screen.getByTestId('mass-send-progress-1')).toHaveTextContent('60%')

    // a change of status reads the list again: the server answers with the paused task
    const paused = makeTask({ id: 1, name: 'Task 1', status: 'paused', pauseReason: 'risk_control_limit' })
    vi.mocked(api.pageMassSend).mockResolvedValue({ list: [paused], total: 1 })
    act(() =>
      emitSocket('massSend.progress', {
        taskId: 1,
        status: 'paused',
        pauseReason: 'risk_control_limit',
        counters: makeCounters({ sent: 5, remaining: 4 }),
        updatedAt: Date.now(),
      }),
    )
    await waitFor(() => expect(screen.getByTestId('mass-send-status-1')).toHaveTextContent('Paused'))
    expect(screen.getByTestId('mass-send-row-1')).toHaveTextContent('Risk control limit')
    expect(actionsOf(1)).toEqual(['resume', 'terminate', 'delete'])
  })

  it('refuses an empty form with the contract messages, in English and in Chinese', async () => {
    await openForm()
    fireEvent.click(screen.getByTestId('mass-send-submit'))
    const en = validationMessages.en
    await waitFor(() =>
      expect(errorTexts()).toEqual(
        expect.arrayContaining([
          en['massSend.nameRequired'],
          en['massSend.phonesRequired'],
          en['massSend.accountsRequired'],
          en['massSend.sentencesRequired'],
        ]),
      ),
    )
    // a range whose least is more than its most
    fireEvent.change(screen.getByTestId('mass-send-sentenceInterval-min'), { target: { value: '10' } })
    fireEvent.change(screen.getByTestId('mass-send-sentenceInterval-max'), { target: { value: '5' } })
    await waitFor(() => expect(errorTexts()).toContain(en['massSend.rangeOrder']))
    // the send count is at least one
    fireEvent.change(screen.getByTestId('mass-send-sendCount-min'), { target: { value: '0' } })
    await waitFor(() => expect(errorTexts()).toContain(en['massSend.sendCountRequired']))

    await act(() => i18n.changeLanguage('zh'))
    const zh = validationMessages.zh
    await waitFor(() =>
      expect(errorTexts()).toEqual(
        expect.arrayContaining([
          zh['massSend.nameRequired'],
          zh['massSend.phonesRequired'],
          zh['massSend.accountsRequired'],
          zh['massSend.sentencesRequired'],
          zh['massSend.rangeOrder'],
          zh['massSend.sendCountRequired'],
        ]),
      ),
    )
    expect(api.createMassSend).not.toHaveBeenCalled()
  })

  it('creates a customer task by label with exactly the body of the contract', async () => {
    await openForm()
    fireEvent.change(screen.getByTestId('mass-send-name'), { target: { value: '  Spring sale ' } })
    fireEvent.click(screen.getByTestId('mass-send-audience-customers'))
    await choose('mass-send-include-labels', 'VIP')
    await choose('mass-send-exclude-labels', 'Cold')
    fireEvent.change(screen.getByTestId('mass-send-country'), { target: { value: 'cn' } })
    // the server counts the customers the filter reaches once the filter settles
    await waitFor(() =>
      expect(api.massSendAudiencePreview).toHaveBeenLastCalledWith({
        audience: {
          type: 'customers',
          all: false,
          includeLabelIds: [5],
          excludeLabelIds: [6],
          country: 'CN',
        },
        accountIds: [],
      }),
    )
    expect(screen.getByTestId('mass-send-audience-count')).toHaveTextContent('Customers matching now: 42')
    await choose('mass-send-accounts', '+8613800138000')

    // the first sentence with a variable put where the cursor is
    fireEvent.click(screen.getByTestId('mass-send-sentence-add'))
    const area = (await screen.findByTestId('mass-send-sentence-text')) as HTMLTextAreaElement
    fireEvent.change(area, { target: { value: 'Hello !' } })
    area.setSelectionRange(6, 6)
    fireEvent.click(screen.getByTestId('mass-send-variable-nickname'))
    await waitFor(() => expect(area.value).toBe('Hello {nickname}!'))
    fireEvent.click(screen.getByTestId('mass-send-sentence-save'))
    await waitFor(() =>
      expect(screen.getByTestId('mass-send-sentence-0')).toHaveTextContent('Hello {nickname}!'),
    )
    await addText('See you soon')

    fireEvent.click(screen.getByTestId('mass-send-method-after_reply'))
    fireEvent.change(screen.getByTestId('mass-send-daily-cap'), { target: { value: '200' } })
    fireEvent.click(screen.getByTestId('mass-send-submit'))

    await waitFor(() => expect(api.createMassSend).toHaveBeenCalledTimes(1))
    expect(api.createMassSend).toHaveBeenCalledWith({
      name: 'Spring sale',
      kind: 'personal',
      method: 'after_reply',
      audience: { type: 'customers', all: false, includeLabelIds: [5], excludeLabelIds: [6], country: 'CN' },
      accountIds: [1],
      sentences: [
        { type: 'text', text: 'Hello {nickname}!' },
        { type: 'text', text: 'See you soon' },
      ],
      sentenceInterval: { min: 3, max: 8 },
      customerInterval: { min: 30, max: 60 },
      sendCount: { min: 10, max: 20 },
      dailyCap: 200,
      waitTimeout: 86_400,
      appointmentAt: null,
      utcOffsetMinutes: -new Date().getTimezoneOffset(),
    })
    await waitFor(() => expect(api.pageMassSend).toHaveBeenCalledTimes(2))
  })

  it('reads pasted strangers: distinct valid numbers, repeats, invalid lines with their numbers', async () => {
    await openForm()
    fireEvent.change(screen.getByTestId('mass-send-phones-text'), {
      target: { value: '8613800000001\n+86 138-0000-0001\nabc\n447700900123\n\n12' },
    })
    await waitFor(() =>
      expect(screen.getByTestId('mass-send-phones-summary')).toHaveTextContent(
        '2 valid numbers (each once), 1 repeats dropped, 2 invalid lines',
      ),
    )
    const invalid = screen.getByTestId('mass-send-phones-invalid')
    expect(invalid).toHaveTextContent('3abc')
    expect(invalid).toHaveTextContent('612')

    fireEvent.change(screen.getByTestId('mass-send-name'), { target: { value: 'Hello strangers' } })
    await choose('mass-send-accounts', '+8613800138000')
    await addText('Hi there')
    fireEvent.click(screen.getByTestId('mass-send-submit'))
    await waitFor(() => expect(api.createMassSend).toHaveBeenCalledTimes(1))
    expect(vi.mocked(api.createMassSend).mock.calls[0]?.[0]).toMatchObject({
      kind: 'personal',
      audience: { type: 'strangers', phones: ['8613800000001', '447700900123'] },
      accountIds: [1],
    })
  })

  it('imports a CSV file in the browser with its line numbers', async () => {
    await openForm()
    const input = screen.getByTestId('mass-send-phones').querySelector('input[type=file]') as HTMLInputElement
    const csv = new File(
      ['phone,name\n8613800000001,Ann\nnot a phone,Bob\n8613800000001,Ann again\n'],
      'list.csv',
      {
        type: 'text/csv',
      },
    )
    fireEvent.change(input, { target: { files: [csv] } })
    await waitFor(() =>
      expect(screen.getByTestId('mass-send-phones-summary')).toHaveTextContent(
        '1 valid numbers (each once), 1 repeats dropped, 1 invalid lines',
      ),
    )
    expect(screen.getByTestId('mass-send-phones-file')).toHaveTextContent('list.csv')
    expect(screen.getByTestId('mass-send-phones-invalid')).toHaveTextContent('3not a phone')
  })

  it('a group task goes one by one into chosen groups, without accounts', async () => {
    vi.mocked(api.pageMassSendGroups).mockResolvedValue({
      list: [
        { id: 31, subject: 'Buyers club', accountId: 1, accountPhone: '8613800138000', memberCount: 12 },
      ],
      nextCursor: null,
    })
    await openForm()
    fireEvent.change(screen.getByTestId('mass-send-name'), { target: { value: 'Group news' } })
    fireEvent.click(screen.getByTestId('mass-send-kind-group'))
    await choose('mass-send-groups', 'Buyers club · +8613800138000 (12)')
    expect(screen.queryByTestId('mass-send-accounts')).toBeNull()
    expect(screen.getByTestId('mass-send-method-after_read').closest('label')).toHaveClass(
      'ant-radio-wrapper-disabled',
    )
    await addText('News of the week')
    fireEvent.click(screen.getByTestId('mass-send-submit'))
    await waitFor(() => expect(api.createMassSend).toHaveBeenCalledTimes(1))
    expect(vi.mocked(api.createMassSend).mock.calls[0]?.[0]).toMatchObject({
      kind: 'group',
      method: 'one_by_one',
      audience: { type: 'groups', groupChatIds: [31] },
      accountIds: [],
    })
  })
})
