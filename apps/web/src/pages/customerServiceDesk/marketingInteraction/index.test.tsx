import { screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import * as api from '../../../api/diversion'
import { i18n } from '../../../i18n'
import { renderAt } from '../../../test/testUtils'
import MarketingInteractionPage from './index'

vi.mock('../../../api/diversion', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../../api/diversion')>()),
  pageInteractions: vi.fn(),
}))

globalThis.ResizeObserver ??= class {
  observe() {}
  unobserve() {}
  disconnect() {}
}

const row = (id: number, origin: string) => ({
  id,
  sessionId: 100 + id,
  accountId: 1,
  accountPhone: '8613800000001',
  fanId: id,
  fanName: `Customer ${id}`,
  fanPhone: `44770090000${id}`,
  origin,
  repliedAt: Date.UTC(2026, 0, 1, id),
})

beforeEach(async () => {
  vi.clearAllMocks()
  await i18n.changeLanguage('en')
})
afterEach(async () => {
  await i18n.changeLanguage('zh')
})

describe('marketing interaction (desk)', () => {
  it('lists answered marketing sessions, loads more by keyset, and opens a session in the desk chat', async () => {
    vi.mocked(api.pageInteractions)
      .mockResolvedValueOnce({
        list: [row(2, 'auto_reply')],
        next: { repliedAt: row(2, '').repliedAt, id: 2 },
      })
      .mockResolvedValueOnce({ list: [row(1, 'mass_send')], next: null })
    const user = userEvent.setup()
    const { router } = renderAt(<MarketingInteractionPage />, '/customerServiceDesk/marketingInteraction')
    const table = await screen.findByTestId('interaction-table')
    await within(table).findByText('Customer 2')
    expect(within(table).getByText('Auto reply')).toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: 'Load more' }))
    await within(table).findByText('Customer 1')
    expect(within(table).getByText('Mass send')).toBeInTheDocument()
    expect(api.pageInteractions).toHaveBeenLastCalledWith({
      pageSize: 20,
      before: { repliedAt: row(2, '').repliedAt, id: 2 },
    })
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull()
    await user.click(within(table).getByText('Customer 1'))
    expect(router.state.location.pathname).toBe('/customerServiceDesk/deskSession')
    expect(router.state.location.search).toBe('?sessionId=101')
  }, 20_000)
})
