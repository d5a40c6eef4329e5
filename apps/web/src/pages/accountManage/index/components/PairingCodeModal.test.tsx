import { act, fireEvent, screen, waitFor } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import * as api from '../../../../api/account'
import { i18n } from '../../../../i18n'
import { emitSocket, renderWithProviders } from '../../../../test/testUtils'
import { PairingCodeModal } from './PairingCodeModal'

vi.mock('../../../../realtime', () => import('../../../../test/testUtils'))
vi.mock('../../../../api/account', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../../../api/account')>()),
  startCodeLogin: vi.fn(),
  loginStatus: vi.fn(),
}))

function renderModal(phone?: string) {
  const props = { onClose: vi.fn(), onStarted: vi.fn(), onLinked: vi.fn() }
  renderWithProviders(<PairingCodeModal open phone={phone} {...props} />)
  return props
}
const fill = (testId: string, value: string) =>
  fireEvent.change(screen.getByTestId(testId), { target: { value } })

beforeEach(async () => {
  vi.clearAllMocks()
  await i18n.changeLanguage('en')
  vi.mocked(api.loginStatus).mockResolvedValue({
    accountId: 8,
    state: 'awaiting_pairing_code',
    accountStatus: 'logging_in',
  })
})
afterEach(() => i18n.changeLanguage('zh'))

describe('pairing-code dialog', () => {
  it('checks phone and proxy in the browser and sends nothing when they are wrong', async () => {
    renderModal()
    fill('account-code-phone', '12345')
    fill('account-code-proxy', '1.2.3.4')
    fireEvent.click(screen.getByTestId('account-code-submit'))
    expect(await screen.findByText('Invalid phone number')).toBeInTheDocument()
    expect(
      await screen.findByText('Invalid proxy: write ip:port:account:password or ip:port'),
    ).toBeInTheDocument()
    expect(api.startCodeLogin).not.toHaveBeenCalled()
  })

  it('shows the code the server answers, then closes once the phone entered it', async () => {
    vi.mocked(api.startCodeLogin).mockResolvedValue({ accountId: 8, code: 'ABCD1234' })
    const { onStarted, onLinked, onClose } = renderModal()
    fill('account-code-phone', ' +86 138-0000-0100 ')
    fill('account-code-proxy', '1.2.3.4:8080:u:p')
    fireEvent.click(screen.getByTestId('account-code-submit'))
    const code = await screen.findByTestId('account-code-value')
    expect(code).toHaveTextContent('ABCD-1234')
    expect(screen.getByTestId('account-code-phone').closest('form')).toHaveAttribute('hidden')
    expect(api.startCodeLogin).toHaveBeenCalledWith('+86 138-0000-0100', '1.2.3.4:8080:u:p')
    expect(onStarted).toHaveBeenCalled()

    act(() => emitSocket('account.login', { accountId: 8, state: 'open' }))
    await waitFor(() => expect(onLinked).toHaveBeenCalledTimes(1))
    expect(onClose).toHaveBeenCalled()
  })

  it('waits for a code that comes later over the socket', async () => {
    vi.mocked(api.startCodeLogin).mockResolvedValue({ accountId: 8, code: null })
    renderModal('8613800000100')
    expect(screen.getByTestId('account-code-phone')).toHaveValue('8613800000100')
    fireEvent.click(screen.getByTestId('account-code-submit'))
    expect(await screen.findByTestId('account-code-waiting')).toBeInTheDocument()
    act(() => emitSocket('account.login', { accountId: 8, state: 'awaiting_pairing_code', code: 'WXYZ5678' }))
    expect(screen.getByTestId('account-code-value')).toHaveTextContent('WXYZ-5678')
  })

  it('explains a failed login and offers the form again', async () => {
    vi.mocked(api.startCodeLogin).mockResolvedValue({ accountId: 8, code: 'ABCD1234' })
    renderModal()
    fill('account-code-phone', '8613800000100')
    fireEvent.click(screen.getByTestId('account-code-submit'))
    await screen.findByTestId('account-code-value')
    act(() => emitSocket('account.login', { accountId: 8, state: 'closed', error: 'no_free_port' }))
    expect(screen.getByTestId('account-code-error')).toHaveTextContent('No free port')
    expect(screen.getByTestId('account-code-submit')).toBeInTheDocument()
    expect(screen.getByTestId('account-code-phone').closest('form')).not.toHaveAttribute('hidden')
    expect(screen.queryByTestId('account-code-value')).not.toBeInTheDocument()
  })
})
