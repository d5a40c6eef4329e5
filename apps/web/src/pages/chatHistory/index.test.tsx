import { type HistoryHitView, ChatHistoryPath as P } from '@app/core'
import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import dayjs from 'dayjs'
import { VirtuosoMockContext } from 'react-virtuoso'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { i18n } from '../../i18n'
import { fakeFeedback } from '../../test/feedback'
import { fakeServer, makeMessage, ok } from '../../test/fixtures'
import { renderWithProviders } from '../../test/testUtils'
import { toFilters } from './filters'
import ChatHistoryPage from './index'

function hit(overrides: Partial<HistoryHitView> = {}): HistoryHitView {
  return {
    id: 501,
    sessionId: 7,
    sessionType: 'personal',
    account: { id: 1, phone: '8613900000001', name: 'Shop', deleted: false },
    customer: { fanId: 3, phone: '447700100001', name: 'Alice Zhang' },
    agent: { id: 11, name: 'Agent Li' },
    fromMe: false,
    sentBy: null,
    senderPhone: null,
    type: 'text',
    body: 'Is the Blue Widget available?',
    fileName: null,
    status: 'sent',
    timestamp: Date.UTC(2026, 0, 5, 9),
    ...overrides,
  }
}

/** A keyword no message holds. */
const NOTHING = 'nothing like it'

function server() {
  return fakeServer({
    [P.options]: () =>
      ok({
        accounts: [{ id: 1, phone: '8613900000001', name: 'Shop', deleted: false }],
        agents: [{ id: 11, name: 'Agent Li' }],
      }),
    [P.search]: (c) =>
      ok(
        JSON.parse(c.data).keyword === NOTHING
          ? { list: [], nextCursor: null, scanLimited: false, scannedUntil: null }
          : JSON.parse(c.data).cursor
            ? {
                list: [hit({ id: 400, body: 'an older blue widget' })],
                nextCursor: null,
                scanLimited: false,
                scannedUntil: null,
              }
            : { list: [hit()], nextCursor: '1767600000000_501', scanLimited: false, scannedUntil: null },
      ),
    [P.conversation]: () =>
      ok({
        sessionId: 7,
        sessionType: 'personal',
        account: { id: 1, phone: '8613900000001', name: 'Shop', deleted: false },
        customer: { fanId: 3, phone: '447700100001', name: 'Alice Zhang' },
        agent: { id: 11, name: 'Agent Li' },
        list: [
          makeMessage({ id: 500, body: 'Hello' }),
          makeMessage({ id: 501, body: 'Is the Blue Widget available?' }),
          makeMessage({ id: 502, body: 'Yes it is', fromMe: true }),
        ],
        hasOlder: false,
        hasNewer: false,
      }),
  })
}

const sent = (adapter: ReturnType<typeof fakeServer>, url: string) =>
  adapter.mock.calls.map(([c]) => c).filter((c) => c.url === url)
const lastBody = (adapter: ReturnType<typeof fakeServer>, url: string) =>
  JSON.parse(sent(adapter, url).at(-1)?.data ?? 'null')

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

const render = () =>
  renderWithProviders(
    <VirtuosoMockContext.Provider value={{ viewportHeight: 3000, itemHeight: 60 }}>
      <ChatHistoryPage />
    </VirtuosoMockContext.Provider>,
  )

beforeEach(async () => {
  vi.clearAllMocks()
  await i18n.changeLanguage('en')
  fakeFeedback()
})
afterEach(() => i18n.changeLanguage('zh'))

describe('chat history', { timeout: 30_000 }, () => {
  it('lists the newest messages on opening, then sends the form as the search body', async () => {
    const adapter = server()
    render()
    await screen.findByTestId('history-hit-501')
    expect(lastBody(adapter, P.search)).toEqual({ pageSize: 20 })

    fireEvent.change(screen.getByTestId('history-keyword'), { target: { value: '  Blue Widget ' } })
    fireEvent.change(screen.getByTestId('history-customer'), { target: { value: '4477' } })
    await choose('history-accounts', '8613900000001 Shop')
    await choose('history-agent', 'Agent Li')
    await choose('history-direction', 'From us')
    await choose('history-types', 'Image')
    fireEvent.click(screen.getByTestId('history-search'))
    await waitFor(() => expect(sent(adapter, P.search).length).toBe(2))
    expect(lastBody(adapter, P.search)).toEqual({
      keyword: 'Blue Widget',
      customer: '4477',
      accountIds: [1],
      agentId: 11,
      direction: 'out',
      types: ['image'],
      pageSize: 20,
    })

    // the export takes the filters of the results shown
    fireEvent.click(screen.getByTestId('history-export'))
    await waitFor(() => expect(sent(adapter, P.export).length).toBe(1))
    expect(lastBody(adapter, P.export)).toMatchObject({
      keyword: 'Blue Widget',
      types: ['image'],
      language: 'en',
      utcOffsetMinutes: 0 - new Date().getTimezoneOffset() + 0,
    })
  })

  it('is titled Chat history as the one h1, with export as its action and labelled filters', async () => {
    server()
    render()
    expect(screen.getByRole('heading', { level: 1, name: 'Chat history' })).toBeInTheDocument()
    expect(within(screen.getByTestId('page-actions')).getByTestId('history-export')).toBeInTheDocument()
    expect(screen.getByRole('search', { name: 'Filters' })).toBe(screen.getByTestId('history-form'))
    expect(screen.getByLabelText('Keyword')).toBe(screen.getByTestId('history-keyword'))
    await screen.findByTestId('history-hit-501')
  })

  it('says a search found nothing and clears the filters, listing the newest messages again', async () => {
    const adapter = server()
    render()
    await screen.findByTestId('history-hit-501')
    fireEvent.change(screen.getByTestId('history-keyword'), { target: { value: NOTHING } })
    fireEvent.click(screen.getByTestId('history-search'))
    expect(await screen.findByTestId('empty-state')).toHaveTextContent('No message matches')
    fireEvent.click(screen.getByTestId('empty-clear-filters'))
    await screen.findByTestId('history-hit-501')
    expect(lastBody(adapter, P.search)).toEqual({ pageSize: 20 })
    expect(screen.getByTestId('history-keyword')).toHaveValue('')
  })

  it('marks the keyword in each hit and loads the next page with the cursor', async () => {
    const adapter = server()
    render()
    await screen.findByTestId('history-hit-501')
    fireEvent.change(screen.getByTestId('history-keyword'), { target: { value: 'blue widget' } })
    fireEvent.click(screen.getByTestId('history-search'))
    await waitFor(() => expect(sent(adapter, P.search).length).toBe(2))
    const row = await screen.findByTestId('history-hit-501')
    await waitFor(() =>
      expect([...row.querySelectorAll('mark')].map((m) => m.textContent)).toEqual(['Blue Widget']),
    )
    expect(row).toHaveTextContent('Alice Zhang')
    expect(row).toHaveTextContent('Agent Li')
    fireEvent.click(screen.getByTestId('history-more'))
    await screen.findByTestId('history-hit-400')
    expect(lastBody(adapter, P.search)).toEqual({
      keyword: 'blue widget',
      cursor: '1767600000000_501',
      pageSize: 20,
    })
    expect(screen.queryByTestId('history-more')).toBeNull()
  })

  it('opens the conversation read-only at the hit, marked', async () => {
    const adapter = server()
    render()
    fireEvent.click(await screen.findByTestId('history-view-501'))
    const marked = await screen.findByTestId('history-conversation-hit')
    expect(marked).toHaveTextContent('Is the Blue Widget available?')
    expect(lastBody(adapter, P.conversation)).toEqual({ messageId: 501, direction: 'around', pageSize: 30 })
    const drawer = screen.getByTestId('history-conversation')
    expect(within(drawer).getByText('Yes it is')).toBeInTheDocument()
    // read-only: no reply or withdraw on any message
    expect(within(drawer).queryByTestId('chat-reply-502')).toBeNull()
    expect(within(drawer).queryByTestId('chat-revoke-502')).toBeNull()
  })
})

describe('toFilters', () => {
  it('leaves empty fields out, trims text and sends the range as [from, to) in ms, the end second included', () => {
    const start = dayjs('2026-01-05T09:00:00.000')
    const end = dayjs('2026-01-06T18:30:15.500')
    expect(
      toFilters({ keyword: ' 价格 ', customer: '   ', accountIds: [], types: [], range: [start, end] }),
    ).toEqual({ keyword: '价格', from: start.valueOf(), to: dayjs('2026-01-06T18:30:16.000').valueOf() })
    expect(toFilters({ range: [null, end] })).toEqual({ to: dayjs('2026-01-06T18:30:16.000').valueOf() })
    expect(toFilters({})).toEqual({})
  })
})
