import { act, configure, screen, waitFor } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import * as api from '../../../api/desk'
import { i18n } from '../../../i18n'
import { emitSocket, renderAt } from '../../../test/testUtils'
import MyAccountPage from './index'

vi.mock('../../../realtime', () => import('../../../test/testUtils'))
vi.mock('../../../api/desk', () => ({ listDeskAccounts: vi.fn() }))

configure({ asyncUtilTimeout: 5000 })

beforeEach(async () => {
  vi.clearAllMocks()
  await i18n.changeLanguage('en')
  vi.mocked(api.listDeskAccounts).mockResolvedValue([
    {
      id: 7,
      phone: '8613800000001',
      pushName: 'Shop',
      remark: 'main',
      status: 'online',
      abnormalReason: null,
      sessionCount: 4,
      unreadCount: 9,
    },
  ])
})
afterEach(() => i18n.changeLanguage('zh'))

describe('my accounts', { timeout: 30_000 }, () => {
  it('lists the desk’s accounts with status and unread, each opening its sessions; statuses follow the socket', async () => {
    renderAt(<MyAccountPage />, '/customerServiceDesk/myAccount')
    expect(await screen.findByTestId('desk-account-unread-7')).toHaveTextContent('9')
    expect(screen.getByTestId('account-status-7')).toHaveTextContent('Online')
    expect(screen.getByTestId('desk-account-open-7')).toHaveAttribute(
      'href',
      '/customerServiceDesk/deskSession?view=account&accountId=7',
    )
    act(() =>
      emitSocket('account.status', {
        accountId: 7,
        phone: '8613800000001',
        status: 'banned',
        abnormalReason: null,
        bannedAt: null,
        restrictedUntil: null,
      }),
    )
    await waitFor(() => expect(screen.getByTestId('account-status-7')).toHaveTextContent('Banned'))
  })
})
