import { act, fireEvent, screen, waitFor, within } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import * as api from '../../../api/massSend'
import { i18n } from '../../../i18n'
import { emitSocket, renderWithProviders } from '../../../test/testUtils'
import { makeCounters, makeDetail, makeRecipient, makeTask } from '../components/MassSendTestData'
import FanGroupSendLogPage from './index'

vi.mock('../../../realtime', () => import('../../../test/testUtils'))
vi.mock('../../../api/massSend')

const failed = makeRecipient({
  id: 2,
  title: 'Li Na',
  phone: '8613911110002',
  state: 'failed',
  failureReason: 'mass_send_prohibited',
  sentences: [],
})

beforeEach(async () => {
  vi.clearAllMocks()
  await i18n.changeLanguage('en')
  vi.mocked(api.pageMassSend).mockResolvedValue({ list: [makeTask()], total: 1 })
  vi.mocked(api.massSendDetail).mockResolvedValue(makeDetail())
  vi.mocked(api.pageRecipients).mockImplementation(async (body) => ({
    list: body.state === 'failed' ? [failed] : [makeRecipient(), failed],
    nextCursor: body.afterId ? null : body.state ? null : 2,
  }))
  vi.mocked(api.exportRecipients).mockResolvedValue(true)
})
afterEach(() => i18n.changeLanguage('zh'))

async function openLog() {
  renderWithProviders(<FanGroupSendLogPage />)
  fireEvent.click(await screen.findByTestId('mass-send-log-1'))
  return screen.findByTestId('mass-send-counters')
}

async function choose(testId: string, title: string) {
  fireEvent.mouseDown(within(await screen.findByTestId(testId)).getByRole('combobox'))
  const option = await waitFor(() => {
    const found = [...document.querySelectorAll('.ant-select-item-option')]
      .reverse()
      .find((o) => o.getAttribute('title') === title)
    if (!found) throw new Error(`option ${title} not shown`)
    return found
  })
  fireEvent.click(option)
}

describe('mass-send log', { timeout: 60_000 }, () => {
  it('lists every counter of each task, failures by reason', async () => {
    renderWithProviders(<FanGroupSendLogPage />)
    const row = await screen.findByTestId('mass-send-row-1')
    for (const [key, n] of [
      ['total', 10],
      ['messagesSent', 7],
      ['sent', 3],
      ['delivered', 3],
      ['read', 2],
      ['replied', 1],
      ['failed', 1],
      ['remaining', 6],
    ] as const)
      expect(within(row).getByTestId(`mass-send-${key}-1`)).toHaveTextContent(String(n))
    expect(screen.queryByTestId('mass-send-create')).toBeNull()
  })

  it("opens a task's log: counters that follow the socket, recipients with each sentence", async () => {
    const counters = await openLog()
    expect(within(counters).getByTestId('mass-send-counter-sent')).toHaveTextContent('3')
    expect(screen.getByTestId('mass-send-counter-reasons')).toHaveTextContent('Invalid customer: 1')
    const first = await screen.findByTestId('mass-send-recipient-1')
    expect(first).toHaveTextContent('Wang')
    expect(first).toHaveTextContent('+8613911110001')
    expect(first).toHaveTextContent('Sent')
    expect(first).toHaveTextContent('Read')
    expect(screen.getByTestId('mass-send-recipient-2')).toHaveTextContent('Mass send prohibited')
    expect(api.pageRecipients).toHaveBeenCalledWith({ taskId: 1, pageSize: 20 })

    // the next page by keyset
    fireEvent.click(screen.getByTestId('mass-send-log-more'))
    await waitFor(() =>
      expect(api.pageRecipients).toHaveBeenCalledWith({ taskId: 1, pageSize: 20, afterId: 2 }),
    )

    act(() =>
      emitSocket('massSend.progress', {
        taskId: 1,
        status: 'executing',
        pauseReason: null,
        counters: makeCounters({ sent: 4, remaining: 5 }),
        updatedAt: Date.now(),
      }),
    )
    await waitFor(() => expect(within(counters).getByTestId('mass-send-counter-sent')).toHaveTextContent('4'))
    expect(within(counters).getByTestId('mass-send-counter-remaining')).toHaveTextContent('5')
  })

  it('filters the recipients by state and exports what the filter shows', async () => {
    await openLog()
    await screen.findByTestId('mass-send-recipient-1')
    await choose('mass-send-log-state', 'Failed')
    await waitFor(() =>
      expect(api.pageRecipients).toHaveBeenLastCalledWith({ taskId: 1, pageSize: 20, state: 'failed' }),
    )
    await waitFor(() => expect(screen.queryByTestId('mass-send-recipient-1')).toBeNull())
    expect(screen.getByTestId('mass-send-recipient-2')).toBeInTheDocument()

    fireEvent.click(screen.getByTestId('mass-send-log-export'))
    await waitFor(() =>
      expect(api.exportRecipients).toHaveBeenCalledWith(
        { taskId: 1, state: 'failed', utcOffsetMinutes: -new Date().getTimezoneOffset(), language: 'en' },
        'mass-send-log-1.xlsx',
      ),
    )
  })
})
