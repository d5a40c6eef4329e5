import { ErrorCode } from '@app/core'
import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import * as materialApi from '../../../../api/material'
import * as api from '../../../../api/merchants'
import { i18n } from '../../../../i18n'
import { makeAccount, makeMaterial } from '../../../../test/fixtures'
import { renderWithProviders } from '../../../../test/testUtils'
import { ApplyProfileModal } from './ApplyProfileModal'

vi.mock('../../../../api/merchants', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../../../api/merchants')>()),
  applyProfile: vi.fn(),
}))
vi.mock('../../../../api/material', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../../../api/material')>()),
  pageMaterials: vi.fn(),
}))

const rows = [
  makeAccount({ id: 1, phone: '8613800000001' }),
  makeAccount({ id: 2, phone: '8613800000002', status: 'offline' }),
]
const nickname = makeMaterial({
  id: 7,
  usage: 'nickname',
  name: 'Store name',
  content: { type: 'text', text: 'Blue Widgets' },
})

beforeEach(async () => {
  vi.clearAllMocks()
  await i18n.changeLanguage('en')
  vi.mocked(materialApi.pageMaterials).mockImplementation(async (q) => ({
    list: q.usage === 'nickname' ? [nickname] : [],
    total: q.usage === 'nickname' ? 1 : 0,
  }))
})
afterEach(() => i18n.changeLanguage('zh'))

async function pickNickname() {
  const select = await screen.findByTestId('profile-apply-nickname')
  fireEvent.mouseDown(within(select).getByRole('combobox'))
  const option = await waitFor(() => {
    const found = [...document.querySelectorAll('.ant-select-item-option')].find(
      (o) => o.getAttribute('title') === 'Store name: Blue Widgets',
    )
    if (!found) throw new Error('nickname option not shown')
    return found
  })
  fireEvent.click(option)
}

describe('applying profile materials to accounts', { timeout: 20_000 }, () => {
  it('asks for a nickname or an avatar and sends nothing without one', async () => {
    renderWithProviders(<ApplyProfileModal open rows={rows} onClose={vi.fn()} />)
    fireEvent.click(await screen.findByTestId('profile-apply-ok'))
    expect(await screen.findByText('Choose a nickname or an avatar material')).toBeInTheDocument()
    expect(api.applyProfile).not.toHaveBeenCalled()
  })

  it("lists each account's outcome, the failures with their reason", async () => {
    vi.mocked(api.applyProfile).mockResolvedValue([
      { accountId: 1, phone: '8613800000001', code: 0, msg: '' },
      {
        accountId: 2,
        phone: '8613800000002',
        code: ErrorCode.accountNotOnline,
        msg: 'The account is offline',
      },
    ])
    const onClose = vi.fn()
    renderWithProviders(<ApplyProfileModal open rows={rows} onClose={onClose} />)
    await pickNickname()
    fireEvent.click(screen.getByTestId('profile-apply-ok'))
    await waitFor(() =>
      expect(api.applyProfile).toHaveBeenCalledWith({ accountIds: [1, 2], nicknameMaterialId: 7 }),
    )
    expect(await screen.findByTestId('profile-apply-summary')).toHaveTextContent('1 set, 1 failed')
    const table = screen.getByTestId('profile-apply-results')
    const lines = within(table).getAllByRole('row').slice(1)
    expect(lines[0]).toHaveTextContent('8613800000001')
    expect(lines[0]).toHaveTextContent('Done')
    expect(lines[1]).toHaveTextContent('8613800000002')
    expect(lines[1]).toHaveTextContent('The account is offline')
    fireEvent.click(screen.getByTestId('profile-apply-ok'))
    expect(onClose).toHaveBeenCalled()
  })
})
