import { ErrorCode, type MerchantPublicInfo } from '@app/core'
import { render, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { App } from 'antd'
import { createMemoryRouter, RouterProvider } from 'react-router'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import * as api from '../../api/merchants'
import { ApiError } from '../../api/request'
import { queryClient } from '../../app/queryClient'
import { i18n } from '../../i18n'
import ApiInterfaceCodeSharePage from './index'

vi.mock('../../api/merchants', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../api/merchants')>()),
  publicMerchantInfo: vi.fn(),
  publicMerchantLink: vi.fn(),
  publicMerchantStatus: vi.fn(),
}))

const info = (linked = 0): MerchantPublicInfo => ({
  name: 'Supplier A',
  quota: 2,
  linked,
  expiresAt: null,
  accounts: linked ? [{ accountId: 9, phone: '447700900123', status: 'online' }] : [],
})

function renderAt(path: string) {
  const router = createMemoryRouter(
    [{ path: '/apiInterfaceCodeShare', element: <ApiInterfaceCodeSharePage /> }],
    {
      initialEntries: [path],
    },
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

describe('the supplier linking page (/apiInterfaceCodeShare)', () => {
  it('shows why a revoked code cannot be used, and no form', async () => {
    vi.mocked(api.publicMerchantInfo).mockRejectedValue(
      new ApiError(ErrorCode.merchantCodeRevoked, 'This link has been revoked'),
    )
    renderAt('/apiInterfaceCodeShare?c=abc123')
    expect(await screen.findByTestId('merchant-refused')).toHaveTextContent('This link has been revoked')
    expect(screen.queryByTestId('merchant-phone')).toBeNull()
  })

  it('says the link is invalid without asking the server when there is no code', async () => {
    renderAt('/apiInterfaceCodeShare')
    expect(await screen.findByTestId('merchant-refused')).toHaveTextContent('This link is not valid')
    expect(api.publicMerchantInfo).not.toHaveBeenCalled()
  })

  it('checks the phone, shows the pairing code, and the number once it is linked', {
    timeout: 20_000,
  }, async () => {
    vi.mocked(api.publicMerchantInfo).mockResolvedValueOnce(info(0)).mockResolvedValue(info(1))
    vi.mocked(api.publicMerchantLink).mockResolvedValue({ accountId: 9, code: 'ABCD2345' })
    vi.mocked(api.publicMerchantStatus).mockResolvedValue({
      accountId: 9,
      state: 'open',
      accountStatus: 'online',
    })
    renderAt('/apiInterfaceCodeShare?c=abc123')
    expect(await screen.findByTestId('merchant-quota')).toHaveTextContent('0 of 2 linked')
    const user = userEvent.setup()
    await user.click(screen.getByTestId('merchant-phone'))
    await user.paste('12')
    await user.click(screen.getByTestId('merchant-get-code'))
    expect(await screen.findByText('Invalid phone number')).toBeInTheDocument()
    expect(api.publicMerchantLink).not.toHaveBeenCalled()

    await user.clear(screen.getByTestId('merchant-phone'))
    await user.click(screen.getByTestId('merchant-phone'))
    await user.paste('+44 7700 900123')
    await user.click(screen.getByTestId('merchant-get-code'))
    await waitFor(() => expect(api.publicMerchantLink).toHaveBeenCalledWith('abc123', '+44 7700 900123'))
    expect(await screen.findByTestId('merchant-linked')).toHaveTextContent('is linked')
    expect(api.publicMerchantStatus).toHaveBeenCalledWith('abc123', 9)
    expect(await screen.findByTestId('merchant-quota')).toHaveTextContent('1 of 2 linked')
    expect(screen.getByTestId('merchant-number')).toHaveTextContent('+447700900123')
  })

  it('shows a refusal of the link (quota full) in place', { timeout: 20_000 }, async () => {
    vi.mocked(api.publicMerchantInfo).mockResolvedValue(info(0))
    vi.mocked(api.publicMerchantLink).mockRejectedValue(
      new ApiError(ErrorCode.merchantQuotaFull, 'This link has reached its quota of numbers'),
    )
    renderAt('/apiInterfaceCodeShare?c=abc123')
    const user = userEvent.setup()
    await user.click(await screen.findByTestId('merchant-phone'))
    await user.paste('447700900123')
    await user.click(screen.getByTestId('merchant-get-code'))
    expect(await screen.findByTestId('merchant-link-error')).toHaveTextContent(
      'This link has reached its quota of numbers',
    )
  })
})
