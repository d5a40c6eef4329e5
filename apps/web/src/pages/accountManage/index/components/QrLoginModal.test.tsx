import { act, fireEvent, screen, waitFor } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import * as api from '../../../../api/account'
import { ApiError } from '../../../../api/request'
import { i18n } from '../../../../i18n'
import { emitSocket, renderWithProviders } from '../../../../test/testUtils'
import { QrLoginModal } from './QrLoginModal'

vi.mock('../../../../realtime', () => import('../../../../test/testUtils'))
vi.mock('../../../../api/account', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../../../api/account')>()),
  startQrLogin: vi.fn(),
  loginStatus: vi.fn(),
}))

const QR1 = 'data:image/png;base64,QR1'
const QR2 = 'data:image/png;base64,QR2'

function renderModal(target: { id: number; phone: string | null } | null = null) {
  const props = { onClose: vi.fn(), onStarted: vi.fn(), onLinked: vi.fn() }
  renderWithProviders(<QrLoginModal open target={target} {...props} />)
  return props
}

const login = (e: Parameters<typeof emitSocket<'account.login'>>[1]) =>
  act(() => emitSocket('account.login', e))

beforeEach(async () => {
  vi.clearAllMocks()
  await i18n.changeLanguage('en')
  vi.mocked(api.startQrLogin).mockResolvedValue({ accountId: 41 })
  // the poll sees a login that is still waiting: it must not change what the socket said
  vi.mocked(api.loginStatus).mockResolvedValue({
    accountId: 41,
    state: 'connecting',
    accountStatus: 'logging_in',
  })
})
afterEach(() => i18n.changeLanguage('zh'))

describe('QR login dialog', () => {
  it('starts a login for a new account and shows each QR the server pushes', async () => {
    const { onStarted } = renderModal()
    await waitFor(() => expect(onStarted).toHaveBeenCalled())
    expect(api.startQrLogin).toHaveBeenCalledWith(undefined)
    expect(screen.getByTestId('account-qr-waiting')).toHaveTextContent('Preparing the QR code')

    login({ accountId: 41, state: 'awaiting_qr', qrDataUrl: QR1, expiresAt: Date.now() + 20_000 })
    const img = screen.getByTestId('account-qr-image')
    expect(img).toHaveAttribute('src', QR1)
    expect(img).toHaveAttribute('data-qr', '41')
    expect(screen.getByTestId('account-qr-countdown')).toHaveTextContent(/The code refreshes in (19|20) s/)

    // another account's QR is not this dialog's business
    login({ accountId: 99, state: 'awaiting_qr', qrDataUrl: QR2, expiresAt: Date.now() + 20_000 })
    expect(screen.getByTestId('account-qr-image')).toHaveAttribute('src', QR1)

    login({ accountId: 41, state: 'awaiting_qr', qrDataUrl: QR2, expiresAt: Date.now() + 20_000 })
    expect(screen.getByTestId('account-qr-image')).toHaveAttribute('src', QR2)
  })

  it('on expiry says so and scans again with a fresh login', async () => {
    const { onStarted } = renderModal()
    await waitFor(() => expect(onStarted).toHaveBeenCalledTimes(1))
    login({ accountId: 41, state: 'awaiting_qr', qrDataUrl: QR1, expiresAt: Date.now() + 20_000 })
    login({ accountId: 41, state: 'closed', error: 'qr_expired' })
    expect(screen.queryByTestId('account-qr-image')).not.toBeInTheDocument()
    expect(screen.getByTestId('account-qr-error')).toHaveTextContent('QR expired — scan again')

    vi.mocked(api.startQrLogin).mockResolvedValue({ accountId: 42 })
    fireEvent.click(screen.getByTestId('account-qr-again'))
    await waitFor(() => expect(onStarted).toHaveBeenCalledTimes(2))
    expect(api.startQrLogin).toHaveBeenCalledTimes(2)
    login({ accountId: 42, state: 'awaiting_qr', qrDataUrl: QR2, expiresAt: Date.now() + 20_000 })
    expect(screen.getByTestId('account-qr-image')).toHaveAttribute('src', QR2)
    expect(screen.getByTestId('account-qr-image')).toHaveAttribute('data-qr', '42')
  })

  it('links an existing account again under its own id, also after an expiry', async () => {
    vi.mocked(api.startQrLogin).mockResolvedValue({ accountId: 7 })
    const { onStarted } = renderModal({ id: 7, phone: '8613800000007' })
    await waitFor(() => expect(onStarted).toHaveBeenCalledTimes(1))
    expect(api.startQrLogin).toHaveBeenCalledWith(7)
    expect(screen.getByText('Link 8613800000007 again by QR')).toBeInTheDocument()
    login({ accountId: 7, state: 'closed', error: 'qr_expired' })
    fireEvent.click(screen.getByTestId('account-qr-again'))
    await waitFor(() => expect(onStarted).toHaveBeenCalledTimes(2))
    expect(vi.mocked(api.startQrLogin).mock.calls).toEqual([[7], [7]])
    // the new attempt starts from scratch even though the id is the same
    expect(screen.queryByTestId('account-qr-error')).not.toBeInTheDocument()
    login({ accountId: 7, state: 'awaiting_qr', qrDataUrl: QR1, expiresAt: Date.now() + 20_000 })
    expect(screen.getByTestId('account-qr-image')).toHaveAttribute('src', QR1)
  })

  it('closes with a success message once the account is linked', async () => {
    const { onStarted, onLinked, onClose } = renderModal()
    await waitFor(() => expect(onStarted).toHaveBeenCalled())
    login({ accountId: 41, state: 'awaiting_qr', qrDataUrl: QR1, expiresAt: Date.now() + 20_000 })
    login({ accountId: 41, state: 'connecting' })
    expect(screen.getByTestId('account-qr-waiting')).toHaveTextContent('Linking the device')
    act(() =>
      emitSocket('account.status', {
        accountId: 41,
        phone: '8613800000041',
        status: 'online',
        abnormalReason: null,
        bannedAt: null,
        restrictedUntil: null,
      }),
    )
    await waitFor(() => expect(onLinked).toHaveBeenCalledTimes(1))
    expect(onClose).toHaveBeenCalled()
    expect(await screen.findByText('Account 8613800000041 is linked')).toBeInTheDocument()
  })

  it('falls back to polling the login status when the socket is silent', async () => {
    vi.mocked(api.loginStatus).mockResolvedValue({
      accountId: 41,
      state: 'awaiting_qr',
      accountStatus: 'logging_in',
      qrDataUrl: QR1,
      expiresAt: Date.now() + 20_000,
    })
    renderModal()
    expect(await screen.findByTestId('account-qr-image')).toHaveAttribute('src', QR1)
    expect(api.loginStatus).toHaveBeenCalledWith(41)
  })

  it('reads a vanished new account in the poll as an expired QR', async () => {
    vi.mocked(api.loginStatus).mockRejectedValue(new ApiError(404, 'Not found'))
    renderModal()
    expect(await screen.findByTestId('account-qr-error')).toHaveTextContent('QR expired — scan again')
  })

  it('shows why a login could not start, e.g. no free port', async () => {
    vi.mocked(api.startQrLogin).mockRejectedValue(
      new ApiError(2004, 'No free port: buy or renew a port, then link the account'),
    )
    const { onStarted } = renderModal()
    expect(await screen.findByTestId('account-qr-error')).toHaveTextContent(
      'No free port: buy or renew a port, then link the account',
    )
    expect(onStarted).not.toHaveBeenCalled()
  })

  it('explains a refused link', async () => {
    const { onStarted, onLinked } = renderModal()
    await waitFor(() => expect(onStarted).toHaveBeenCalled())
    login({ accountId: 41, state: 'closed', error: 'phone_taken' })
    expect(screen.getByTestId('account-qr-error')).toHaveTextContent(
      'This number is already linked in this or another company',
    )
    expect(onLinked).not.toHaveBeenCalled()
  })
})
