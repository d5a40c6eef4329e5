import { render, screen, within } from '@testing-library/react'
import { App } from 'antd'
import { createMemoryRouter, RouterProvider } from 'react-router'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import * as api from '../../api/diversion'
import { ApiError } from '../../api/request'
import { queryClient } from '../../app/queryClient'
import { i18n } from '../../i18n'
import CounterSharePage from './index'

vi.mock('../../api/diversion', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../api/diversion')>()),
  publicCounterTally: vi.fn(),
}))

globalThis.ResizeObserver ??= class {
  observe() {}
  unobserve() {}
  disconnect() {}
}

function renderAt(path: string) {
  const router = createMemoryRouter([{ path: '/counterShare', element: <CounterSharePage /> }], {
    initialEntries: [path],
  })
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

describe('shared counter (/counterShare)', () => {
  it('shows the tally behind a live code', async () => {
    vi.mocked(api.publicCounterTally).mockResolvedValue({
      name: 'Supplier A',
      startAt: Date.UTC(2026, 0, 1),
      endAt: Date.UTC(2026, 0, 2),
      total: 5,
      rows: [{ accountId: 3, phone: '8613800000001', count: 5 }],
      at: Date.UTC(2026, 0, 1, 12),
    })
    renderAt('/counterShare?c=good-code-123')
    expect(await screen.findByText('Supplier A')).toBeInTheDocument()
    expect(within(screen.getByTestId('counter-rows')).getByText('8613800000001')).toBeInTheDocument()
    expect(api.publicCounterTally).toHaveBeenCalledWith('good-code-123')
  })

  it('says a revoked or expired code is invalid', async () => {
    vi.mocked(api.publicCounterTally).mockRejectedValue(new ApiError(3136, 'x'))
    renderAt('/counterShare?c=revoked-code-1')
    expect(await screen.findByTestId('counter-share-invalid')).toHaveTextContent(
      'This share link is invalid, expired or revoked',
    )
  })

  it('does not ask the server about a malformed code', async () => {
    renderAt('/counterShare?c=x')
    expect(await screen.findByTestId('counter-share-invalid')).toBeInTheDocument()
    expect(api.publicCounterTally).not.toHaveBeenCalled()
  })
})
