import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import * as api from '../../../api/account'
import { ApiError } from '../../../api/request'
import { i18n } from '../../../i18n'
import { renderWithProviders } from '../../../test/testUtils'
import AccountImportPage from './index'

vi.mock('../../../api/account', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../../api/account')>()),
  importAccounts: vi.fn(),
}))

const paste = (value: string) => fireEvent.change(screen.getByTestId('import-text'), { target: { value } })
const submit = () => fireEvent.click(screen.getByTestId('import-submit'))
const fileInput = () => document.querySelector<HTMLInputElement>('input[type="file"]') as HTMLInputElement

beforeEach(async () => {
  vi.clearAllMocks()
  await i18n.changeLanguage('en')
})
afterEach(() => i18n.changeLanguage('zh'))

describe('account import', () => {
  it('refuses an empty text and more than 500 lines without calling the server', async () => {
    renderWithProviders(<AccountImportPage />)
    submit()
    expect(await screen.findByText('Paste or upload the accounts to import')).toBeInTheDocument()
    paste(Array.from({ length: 501 }, (_, i) => `86138000${String(i).padStart(5, '0')}`).join('\n'))
    submit()
    expect(await screen.findByText('At most 500 lines per import')).toBeInTheDocument()
    expect(api.importAccounts).not.toHaveBeenCalled()
  })

  it('shows the per-line result: what was imported and why each other line was not', async () => {
    vi.mocked(api.importAccounts).mockResolvedValue({
      accepted: [
        { line: 1, phone: '8613800000001', accountId: 11 },
        { line: 3, phone: '8613800000003', accountId: 12 },
      ],
      rejected: [
        {
          line: 2,
          text: '12345',
          code: 2001,
          reason: 'Invalid phone number (9–20 digits with the country code)',
        },
      ],
    })
    renderWithProviders(<AccountImportPage />)
    const text = '8613800000001\n12345\n\n8613800000003,1.2.3.4:8080:u:p'
    paste(text)
    expect(await screen.findByText('3 lines (at most 500)')).toBeInTheDocument()
    submit()
    expect(await screen.findByTestId('import-summary')).toHaveTextContent('2 imported, 1 rejected')
    expect(api.importAccounts).toHaveBeenCalledWith(text, expect.any(Function))
    const bad = screen.getByTestId('import-rejected-2')
    expect(bad).toHaveTextContent('12345')
    expect(bad).toHaveTextContent('Invalid phone number (9–20 digits with the country code)')
    expect(screen.getByTestId('import-accepted-1')).toHaveTextContent('8613800000001')
    expect(screen.getByTestId('import-accepted-3')).toHaveTextContent('12')
    expect(screen.queryByTestId('import-accepted-2')).not.toBeInTheDocument()
    expect(within(screen.getByTestId('import-progress')).getByText('2/3')).toBeInTheDocument()
  })

  it('says that nothing was imported when the import fails', async () => {
    vi.mocked(api.importAccounts).mockRejectedValue(
      new ApiError(2003, 'This number is already linked in this or another company'),
    )
    renderWithProviders(<AccountImportPage />)
    paste('8613800000001')
    submit()
    expect(await screen.findByTestId('import-error')).toHaveTextContent(
      'The import failed and nothing was imported: This number is already linked in this or another company',
    )
    expect(screen.queryByTestId('import-result')).not.toBeInTheDocument()
  })

  it('reads an uploaded .txt file into the text', async () => {
    renderWithProviders(<AccountImportPage />)
    const file = new File(['8613800000001\n8613800000002,1.2.3.4:8080\n'], 'numbers.txt', {
      type: 'text/plain',
    })
    fireEvent.change(fileInput(), { target: { files: [file] } })
    await waitFor(() =>
      expect(screen.getByTestId('import-text')).toHaveValue('8613800000001\n8613800000002,1.2.3.4:8080\n'),
    )
    expect(await screen.findByText('2 lines (at most 500)')).toBeInTheDocument()
  })

  it('refuses a file that is not .txt or .csv', async () => {
    renderWithProviders(<AccountImportPage />)
    const file = new File(['x'], 'numbers.xlsx', { type: 'application/octet-stream' })
    fireEvent.change(fileInput(), { target: { files: [file] } })
    expect(await screen.findByText('Only .txt or .csv files')).toBeInTheDocument()
    expect(screen.getByTestId('import-text')).toHaveValue('')
  })
})
