import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import * as api from '../../../api/label'
import { i18n } from '../../../i18n'
import { renderWithProviders } from '../../../test/testUtils'
import LabelManagePage from './index'

vi.mock('../../../api/label')

const labels = [
  { id: 1, name: 'VIP', fanCount: 3, createdAt: Date.UTC(2026, 0, 1) },
  { id: 2, name: 'Lead', fanCount: 0, createdAt: Date.UTC(2026, 0, 2) },
]

beforeEach(async () => {
  vi.clearAllMocks()
  await i18n.changeLanguage('en')
  vi.mocked(api.pageLabels).mockResolvedValue({ list: labels, total: 2 })
  vi.mocked(api.createLabel).mockResolvedValue({ id: 3 })
  vi.mocked(api.renameLabel).mockResolvedValue(null)
  vi.mocked(api.deleteLabel).mockResolvedValue({ unlinkedFans: 3 })
})
afterEach(() => i18n.changeLanguage('zh'))

const typeName = (value: string) => {
  fireEvent.change(screen.getByTestId('label-name-input'), { target: { value } })
  fireEvent.click(screen.getByTestId('label-save'))
}

describe('label management', { timeout: 20_000 }, () => {
  it('lists labels with their customer counts and searches by name', async () => {
    renderWithProviders(<LabelManagePage />)
    expect(await screen.findByTestId('label-row-VIP')).toHaveTextContent('3')
    expect(screen.getByTestId('label-row-Lead')).toHaveTextContent('2026-01-02')
    const search = within(screen.getByTestId('label-search')).getByRole('searchbox')
    fireEvent.change(search, { target: { value: ' vi ' } })
    fireEvent.keyDown(search, { key: 'Enter', code: 'Enter' })
    await waitFor(() =>
      expect(api.pageLabels).toHaveBeenLastCalledWith({ pageNo: 1, pageSize: 10, name: 'vi' }),
    )
  })

  it('refuses names with spaces or outside 2–20 characters and sends nothing', async () => {
    renderWithProviders(<LabelManagePage />)
    await screen.findByTestId('label-row-VIP')
    fireEvent.click(screen.getByTestId('label-create'))
    typeName('big spender')
    expect(await screen.findByText('The label name must not contain spaces')).toBeInTheDocument()
    typeName('A')
    expect(await screen.findByText('The label name is 2–20 characters')).toBeInTheDocument()
    typeName('A'.repeat(21))
    expect(await screen.findByText('The label name is 2–20 characters')).toBeInTheDocument()
    typeName('')
    expect(await screen.findByText('Enter the label name')).toBeInTheDocument()
    expect(api.createLabel).not.toHaveBeenCalled()

    typeName('Repeat')
    await waitFor(() => expect(api.createLabel).toHaveBeenCalledWith('Repeat'))
    await waitFor(() => expect(screen.queryByText('Saved')).toBeInTheDocument())
  })

  it('renames a label', async () => {
    renderWithProviders(<LabelManagePage />)
    fireEvent.click(await screen.findByTestId('label-edit-2'))
    expect(screen.getByTestId('label-name-input')).toHaveValue('Lead')
    typeName('Hot-lead')
    await waitFor(() => expect(api.renameLabel).toHaveBeenCalledWith(2, 'Hot-lead'))
  })

  it('deletes only after the countdown, warning about the customers carrying it', async () => {
    renderWithProviders(<LabelManagePage />)
    fireEvent.click(await screen.findByTestId('label-delete-1'))
    const dialog = (await screen.findByText(/is on 3 customers/)).closest('.ant-modal') as HTMLElement
    const confirm = within(dialog).getByRole('button', { name: /Delete/ })
    expect(confirm).toBeDisabled()
    fireEvent.click(confirm)
    expect(api.deleteLabel).not.toHaveBeenCalled()
    await waitFor(() => expect(confirm).toBeEnabled(), { timeout: 4000 })
    fireEvent.click(confirm)
    await waitFor(() => expect(api.deleteLabel).toHaveBeenCalledWith(1))
  })
})
