import { ErrorCode, type HistoryHitView, type MerchantPublicInfo } from '@app/core'
import { render, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { App } from 'antd'
import { createMemoryRouter, RouterProvider } from 'react-router'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import * as api from '../../api/merchants'
import { ApiError } from '../../api/request'
import { queryClient } from '../../app/queryClient'
import { i18n } from '../../i18n'
import ApiInterfaceChatHistorySharePage from './index'

vi.mock('../../api/merchants', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../api/merchants')>()),
  publicMerchantInfo: vi.fn(),
  publicMerchantHistory: vi.fn(),
}))

const info: MerchantPublicInfo = {
  name: 'Supplier A',
  quota: 2,
  linked: 1,
  expiresAt: null,
  accounts: [{ accountId: 9, phone: '447700900123', status: 'online' }],
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
    timestamp: 1_700_000_000_000 - id,
  }
}

function renderAt(path: string) {
  const router = createMemoryRouter(
    [{ path: '/apiInterfaceChatHistoryShare', element: <ApiInterfaceChatHistorySharePage /> }],
    { initialEntries: [path] },
  )
  render(
    <App>
      <RouterProvider router={router} />
    </App>,
  )
}

beforeEach(async () => {
  vi.clearAllMocks()
  await i18n.changeLanguage('en')
})
afterEach(async () => {
  queryClient.clear()
  await i18n.changeLanguage('zh')
})

describe('the shared chat history (/apiInterfaceChatHistoryShare)', () => {
  it('shows why an expired code cannot be used, and no messages', async () => {
    vi.mocked(api.publicMerchantInfo).mockRejectedValue(
      new ApiError(ErrorCode.merchantCodeExpired, 'This link has expired'),
    )
    renderAt('/apiInterfaceChatHistoryShare?c=old-code')
    expect(await screen.findByTestId('merchant-refused')).toHaveTextContent('This link has expired')
    expect(api.publicMerchantHistory).not.toHaveBeenCalled()
    expect(screen.queryByTestId('merchant-message')).toBeNull()
  })

  it('refuses a link without a code without asking the server', async () => {
    renderAt('/apiInterfaceChatHistoryShare')
    await waitFor(() =>
      expect(screen.getByTestId('merchant-refused')).toHaveTextContent(
        'This link is not valid; ask for a new one',
      ),
    )
    expect(api.publicMerchantInfo).not.toHaveBeenCalled()
  })

  it('lists the messages of the numbers, and pages on with the cursor', async () => {
    vi.mocked(api.publicMerchantInfo).mockResolvedValue(info)
    vi.mocked(api.publicMerchantHistory)
      .mockResolvedValueOnce({
        list: [hit(1, 'do you ship to Leeds?'), hit(2, 'price for 10?')],
        nextCursor: 'next-1',
        scanLimited: false,
        scannedUntil: null,
      })
      .mockResolvedValueOnce({
        list: [hit(3, 'thanks')],
        nextCursor: null,
        scanLimited: false,
        scannedUntil: null,
      })
    renderAt('/apiInterfaceChatHistoryShare?c=live-code')
    await waitFor(() =>
      expect(screen.getAllByTestId('merchant-message-body').map((e) => e.textContent)).toEqual([
        'do you ship to Leeds?',
        'price for 10?',
      ]),
    )
    expect(api.publicMerchantHistory).toHaveBeenCalledWith('live-code', { pageSize: 20 })
    await userEvent.click(screen.getByTestId('merchant-load-more'))
    await waitFor(() => expect(screen.getAllByTestId('merchant-message-body')).toHaveLength(3))
    expect(api.publicMerchantHistory).toHaveBeenLastCalledWith('live-code', {
      pageSize: 20,
      cursor: 'next-1',
    })
    expect(screen.queryByTestId('merchant-load-more')).toBeNull()
  })
})
