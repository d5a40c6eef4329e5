import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import * as desk from '../../../api/desk'
import * as api from '../../../api/fanInheritance'
import { i18n, validationText } from '../../../i18n'
import { makeSession } from '../../../test/fixtures'
import { renderWithProviders } from '../../../test/testUtils'
import InvalidFansListPage from './index'

vi.mock('../../../realtime', () => import('../../../test/testUtils'))
vi.mock('../../../api/fanInheritance', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../../api/fanInheritance')>()),
  pageInvalidCustomers: vi.fn(),
}))
vi.mock('../../../api/desk', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../../api/desk')>()),
  listDeskAccounts: vi.fn(),
  listAgents: vi.fn(),
  setSessionFlag: vi.fn(),
  deleteSession: vi.fn(),
}))

const t = (key: string, o?: Record<string, unknown>) => i18n.t(key, o)
const row = makeSession({ id: 41, title: 'Ann', invalid: true, fanPhone: '447700900001' })

beforeEach(async () => {
  await i18n.changeLanguage('en')
  vi.mocked(api.pageInvalidCustomers).mockResolvedValue({ list: [row], nextCursor: null })
  vi.mocked(desk.listDeskAccounts).mockResolvedValue([])
  vi.mocked(desk.listAgents).mockResolvedValue([{ id: 5, username: 'agent1', nickname: 'Alice' }])
  vi.mocked(desk.setSessionFlag).mockResolvedValue(row)
  vi.mocked(desk.deleteSession).mockResolvedValue(null)
})
afterEach(async () => {
  vi.clearAllMocks()
  await i18n.changeLanguage('zh')
})

describe("the supervisor's invalid customers", () => {
  it('lists them and searches with the filters', async () => {
    renderWithProviders(<InvalidFansListPage />)
    expect(await screen.findByTestId('invalid-row-41')).toHaveTextContent('+447700900001')
    fireEvent.change(screen.getByPlaceholderText(t('inheritance.filters.keyword')), {
      target: { value: ' Ann ' },
    })
    fireEvent.click(screen.getByTestId('invalid-filter-search'))
    await waitFor(() =>
      expect(api.pageInvalidCustomers).toHaveBeenLastCalledWith(
        expect.objectContaining({ keyword: 'Ann' }),
        undefined,
      ),
    )
  })

  it('restores one after confirming', async () => {
    renderWithProviders(<InvalidFansListPage />)
    fireEvent.click(await screen.findByTestId('invalid-restore-41'))
    const dialog = await screen.findByRole('dialog')
    fireEvent.click(within(dialog).getByText(t('inheritance.invalid.restore')))
    await waitFor(() => expect(desk.setSessionFlag).toHaveBeenCalledWith(41, 'invalid', false))
  })

  it('deletes one only with a reason and the word del', async () => {
    renderWithProviders(<InvalidFansListPage />)
    fireEvent.click(await screen.findByTestId('invalid-delete-41'))
    fireEvent.click(await screen.findByTestId('desk-delete-submit'))
    expect(await screen.findByText(validationText('deleteReason.required'))).toBeTruthy()
    fireEvent.change(screen.getByTestId('desk-delete-reason'), { target: { value: 'spam' } })
    fireEvent.change(screen.getByTestId('desk-delete-confirm'), { target: { value: 'dle' } })
    fireEvent.click(screen.getByTestId('desk-delete-submit'))
    expect(await screen.findByText(t('desk.remove.typeDelWrong', { word: 'del' }))).toBeTruthy()
    expect(desk.deleteSession).not.toHaveBeenCalled()
    fireEvent.change(screen.getByTestId('desk-delete-confirm'), { target: { value: 'del' } })
    fireEvent.click(screen.getByTestId('desk-delete-submit'))
    await waitFor(() => expect(desk.deleteSession).toHaveBeenCalledWith(41, 'spam'))
  })
})
