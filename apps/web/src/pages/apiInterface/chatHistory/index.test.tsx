import type { HistoryHitView, MerchantCodeView } from '@app/core'
import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import * as api from '../../../api/merchants'
import { i18n } from '../../../i18n'
import { renderWithProviders } from '../../../test/testUtils'
import ApiInterfaceChatHistoryPage from './index'

vi.mock('../../../api/merchants', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../../api/merchants')>()),
  pageMerchantCodes: vi.fn(),
  merchantAccounts: vi.fn(),
  merchantHistory: vi.fn(),
}))

const codeA: MerchantCodeView = {
  id: 1,
  code: 'abc123',
  name: 'Supplier A',
  quota: 5,
  linked: 2,
  expiresAt: null,
  revokedAt: 5,
  state: 'revoked',
  createdAt: Date.UTC(2026, 0, 1),
}

function hit(id: number, body: string): HistoryHitView {
  return {
    id,
    sessionId: 1,
    sessionType: 'personal',
    account: { id: 9, phone: '447700900123', name: 'Shop', deleted: false },
    customer: { fanId: 3, phone: '447700100001', name: 'Alice Zhang' },
    agent: null,
    fromMe: false,
    sentBy: null,
    senderPhone: null,
    type: 'text',
    body,
    fileName: null,
    status: 'sent',
    timestamp: Date.UTC(2026, 0, 5, 9) - id,
  }
}
const page = (list: HistoryHitView[], nextCursor: string | null = null) => ({
  list,
  nextCursor,
  scanLimited: false,
  scannedUntil: null,
})

beforeEach(async () => {
  vi.clearAllMocks()
  await i18n.changeLanguage('en')
  vi.mocked(api.pageMerchantCodes).mockResolvedValue({ list: [codeA], total: 1 })
  vi.mocked(api.merchantAccounts).mockResolvedValue([
    { accountId: 9, phone: '447700900123', status: 'online', deleted: false, linkedAt: 0 },
    { accountId: 10, phone: '447700900124', status: 'offline', deleted: false, linkedAt: 0 },
  ])
  vi.mocked(api.merchantHistory).mockImplementation(async (body) => {
    if (body.keyword) return page([hit(5, 'Leeds please')])
    if (body.accountId) return page([hit(4, 'from the second number')])
    return body.cursor ? page([hit(3, 'thanks')]) : page([hit(1, 'hello'), hit(2, 'price?')], 'c-1')
  })
})
afterEach(() => i18n.changeLanguage('zh'))

async function choose(testId: string, title: string) {
  const select = await screen.findByTestId(testId)
  fireEvent.mouseDown(within(select).getByRole('combobox'))
  const option = await waitFor(() => {
    const found = [...document.querySelectorAll('.ant-select-item-option')].find(
      (o) => o.getAttribute('title') === title,
    )
    if (!found) throw new Error(`option ${title} not shown`)
    return found
  })
  fireEvent.click(option)
}
const bodies = () => screen.getAllByTestId('merchant-message-body').map((e) => e.textContent)

describe("a code's chat history (/apiInterface/chatHistory)", { timeout: 20_000 }, () => {
  it('asks for a code first, then pages through its messages', async () => {
    renderWithProviders(<ApiInterfaceChatHistoryPage />)
    expect(screen.getByRole('heading', { level: 1, name: 'Merchant chat history' })).toBeInTheDocument()
    expect(await screen.findByTestId('merchant-history-pick-code')).toHaveTextContent('Choose a code')
    expect(api.merchantHistory).not.toHaveBeenCalled()
    // a revoked code's history stays readable to the supervisor
    await choose('merchant-history-code', 'Supplier A (Revoked)')
    await waitFor(() => expect(bodies()).toEqual(['hello', 'price?']))
    expect(api.merchantHistory).toHaveBeenCalledWith({ id: 1, pageSize: 20 })
    fireEvent.click(screen.getByTestId('merchant-load-more'))
    await waitFor(() => expect(bodies()).toEqual(['hello', 'price?', 'thanks']))
    expect(api.merchantHistory).toHaveBeenLastCalledWith({ id: 1, pageSize: 20, cursor: 'c-1' })
  })

  it('narrows to one number and to a keyword', async () => {
    renderWithProviders(<ApiInterfaceChatHistoryPage />)
    await choose('merchant-history-code', 'Supplier A (Revoked)')
    await waitFor(() => expect(bodies()).toEqual(['hello', 'price?']))
    await choose('merchant-history-number', '+447700900124')
    await waitFor(() => expect(bodies()).toEqual(['from the second number']))
    expect(api.merchantHistory).toHaveBeenLastCalledWith({ id: 1, pageSize: 20, accountId: 10 })
    // the keyword waits for Search (a browser also searches on Enter: the filter bar is a form)
    const input = screen.getByPlaceholderText('Keyword')
    fireEvent.change(input, { target: { value: ' Leeds ' } })
    fireEvent.click(screen.getByTestId('merchant-history-filter-submit'))
    await waitFor(() => expect(bodies()).toEqual(['Leeds please']))
    expect(api.merchantHistory).toHaveBeenLastCalledWith({
      id: 1,
      pageSize: 20,
      accountId: 10,
      keyword: 'Leeds',
    })
  })

  it('goes back to asking for a code on reset', async () => {
    renderWithProviders(<ApiInterfaceChatHistoryPage />)
    await choose('merchant-history-code', 'Supplier A (Revoked)')
    await waitFor(() => expect(bodies()).toEqual(['hello', 'price?']))
    fireEvent.click(screen.getByTestId('merchant-history-filter-reset'))
    expect(await screen.findByTestId('merchant-history-pick-code')).toBeInTheDocument()
    expect(screen.queryAllByTestId('merchant-message')).toHaveLength(0)
  })
})
