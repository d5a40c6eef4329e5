import { fireEvent, screen, waitFor } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import * as deskApi from '../../../api/desk'
import * as labelApi from '../../../api/label'
import * as api from '../../../api/massSend'
import { i18n } from '../../../i18n'
import { renderAt } from '../../../test/testUtils'
import { deskAccount, makeTask } from '../../marketing/components/MassSendTestData'
import DeskFanGroupSendPage from './index'

vi.mock('../../../realtime', () => import('../../../test/testUtils'))
vi.mock('../../../api/massSend')
vi.mock('../../../api/label')
vi.mock('../../../api/desk', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../../api/desk')>()),
  listDeskAccounts: vi.fn(),
}))

beforeEach(async () => {
  vi.clearAllMocks()
  await i18n.changeLanguage('en')
  vi.mocked(api.pageMassSend).mockResolvedValue({ list: [makeTask({ createdByName: 'Alice' })], total: 1 })
  vi.mocked(labelApi.listLabels).mockResolvedValue([])
  vi.mocked(deskApi.listDeskAccounts).mockResolvedValue([deskAccount()])
})
afterEach(() => i18n.changeLanguage('zh'))

describe('desk mass send', { timeout: 30_000 }, () => {
  it("lists the agent's tasks under the desk's cache and opens the same form", async () => {
    const { client } = renderAt(<DeskFanGroupSendPage />, '/customerServiceDesk/fanGroupSend')
    expect(await screen.findByTestId('mass-send-row-1')).toHaveTextContent('Alice')
    // under 'desk', so switching the agent acted as drops these with the rest of the desk
    const keys = client
      .getQueryCache()
      .getAll()
      .map((q) => q.queryKey[0])
    expect(new Set(keys)).toEqual(new Set(['desk']))

    fireEvent.click(screen.getByTestId('mass-send-create'))
    await screen.findByTestId('mass-send-name')
    // agents may send to strangers and to their own customers (the server scopes both)
    expect(screen.getByTestId('mass-send-audience-strangers')).toBeInTheDocument()
    expect(screen.getByTestId('mass-send-audience-customers')).toBeInTheDocument()
    await waitFor(() => expect(deskApi.listDeskAccounts).toHaveBeenCalled())
  })
})
