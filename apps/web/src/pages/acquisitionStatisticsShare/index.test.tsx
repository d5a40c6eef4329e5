import type { AcquisitionStats } from '@app/core'
import { render, screen, waitFor, within } from '@testing-library/react'
import { App } from 'antd'
import { createMemoryRouter, RouterProvider } from 'react-router'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import * as api from '../../api/acquisition'
import { ApiError } from '../../api/request'
import { queryClient } from '../../app/queryClient'
import { i18n } from '../../i18n'
import ShareAcquisitionStatisticsPage from './index'

vi.mock('../../api/acquisition', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../api/acquisition')>()),
  publicAcquisitionStats: vi.fn(),
}))
vi.mock('../accountManage/customerAcquisitionStatistics/components/AcquisitionChart', () => ({
  default: () => <div data-testid="acquisition-chart" />,
}))

// antd's tables watch their size; jsdom has no ResizeObserver.
globalThis.ResizeObserver ??= class {
  observe() {}
  unobserve() {}
  disconnect() {}
}

const DAY = 86_400_000
const start = new Date(2026, 0, 5).getTime()
const stats: AcquisitionStats = {
  days: [start, start + DAY],
  rows: [{ accountId: 3, phone: '447700900001', counts: [2, 5], total: 7 }],
  links: [{ linkId: 9, name: 'Shared link', visits: 12, newFans: 4 }],
  agents: [{ agentUserId: 5, name: 'Bob', newFans: 4 }],
}

function renderAt(path: string) {
  const router = createMemoryRouter([{ path: '/s2', element: <ShareAcquisitionStatisticsPage /> }], {
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

describe('shared acquisition statistics (/s2)', () => {
  it('shows the server message for an invalid, revoked or expired code', async () => {
    vi.mocked(api.publicAcquisitionStats).mockRejectedValue(
      new ApiError(2012, 'This share link is invalid or has expired'),
    )
    renderAt('/s2?c=revoked-code-1')
    const result = await screen.findByTestId('s2-invalid')
    expect(within(result).getByText('This share link is invalid or has expired')).toBeInTheDocument()
    expect(api.publicAcquisitionStats).toHaveBeenCalledWith('revoked-code-1', expect.any(Object))
    expect(screen.queryByTestId('acquisition-table')).toBeNull()
  })

  it('says the link is invalid without asking the server when there is no code', async () => {
    renderAt('/s2')
    expect(await screen.findByTestId('s2-invalid')).toHaveTextContent(
      'This share link is invalid or has expired',
    )
    expect(api.publicAcquisitionStats).not.toHaveBeenCalled()
  })

  it('shows the table of the shared accounts for a valid code, the last 7 days by default', async () => {
    vi.mocked(api.publicAcquisitionStats).mockResolvedValue(stats)
    renderAt('/s2?c=good-code-123')
    const table = await screen.findByTestId('acquisition-table')
    expect(await within(table).findByText('447700900001')).toBeInTheDocument()
    expect(screen.getByTestId('acquisition-day-total-0')).toHaveTextContent('2')
    expect(screen.getByTestId('acquisition-day-total-1')).toHaveTextContent('5')
    expect(screen.getByTestId('acquisition-grand-total')).toHaveTextContent('7')
    const links = screen.getByTestId('acquisition-links')
    const linkRow = within(links)
      .getAllByRole('row')
      .find((r) => within(r).queryByText('Shared link'))
    expect(
      linkRow &&
        within(linkRow)
          .getAllByRole('cell')
          .map((c) => c.textContent),
    ).toEqual(['Shared link', '12', '4'])
    const agentRow = within(screen.getByTestId('acquisition-agents'))
      .getAllByRole('row')
      .find((r) => within(r).queryByText('Bob'))
    expect(
      agentRow &&
        within(agentRow)
          .getAllByRole('cell')
          .map((c) => c.textContent),
    ).toEqual(['Bob', '4'])
    expect(screen.queryByTestId('s2-invalid')).toBeNull()
    expect(screen.queryByTestId('acquisition-share')).toBeNull()

    const [code, range] = vi.mocked(api.publicAcquisitionStats).mock.calls[0] ?? []
    expect(code).toBe('good-code-123')
    expect(range && (range.to - range.from) / DAY).toBeGreaterThanOrEqual(7 - 1 / 24)
    expect(range && (range.to - range.from) / DAY).toBeLessThanOrEqual(7 + 1 / 24)
  })

  it('keeps the page and offers a retry when loading fails for another reason', async () => {
    vi.mocked(api.publicAcquisitionStats).mockRejectedValue(new ApiError(-1, 'Network error'))
    renderAt('/s2?c=good-code-123')
    const alert = await screen.findByTestId('s2-load-failed')
    expect(alert).toHaveTextContent('Network error')
    expect(screen.queryByTestId('s2-invalid')).toBeNull()
    vi.mocked(api.publicAcquisitionStats).mockResolvedValue(stats)
    within(alert).getByRole('button').click()
    await waitFor(() => expect(screen.getByTestId('acquisition-grand-total')).toHaveTextContent('7'))
  })
})
