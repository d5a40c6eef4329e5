import { type Announcement, AnnouncementStatus } from '@app/core'
import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import * as api from '../../../api/announcement'
import { i18n } from '../../../i18n'
import { renderWithProviders } from '../../../test/testUtils'
import AnnouncementManagePage from './index'

vi.mock('../../../api/announcement', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../../api/announcement')>()),
  pageAnnouncements: vi.fn(),
}))

const notice: Announcement = {
  id: 1,
  title: 'Maintenance tonight',
  content: 'Sending pauses from 23:00 to 23:30.',
  status: AnnouncementStatus.enabled,
  createdAt: Date.UTC(2026, 0, 1),
  updatedAt: Date.UTC(2026, 0, 1),
  creatorName: 'admin',
}

beforeEach(async () => {
  vi.clearAllMocks()
  await i18n.changeLanguage('en')
  vi.mocked(api.pageAnnouncements).mockImplementation(async (q) =>
    q.title ? { list: [], total: 0 } : { list: [notice], total: 1 },
  )
})
afterEach(() => i18n.changeLanguage('zh'))

describe('announcements (admin)', { timeout: 30_000 }, () => {
  it('titles the page, keeps create beside the title and says the total', async () => {
    renderWithProviders(<AnnouncementManagePage />)
    expect(screen.getByRole('heading', { level: 1, name: 'Announcements' })).toBeInTheDocument()
    expect(within(screen.getByTestId('page-actions')).getByTestId('announcement-create')).toBeInTheDocument()
    expect(await screen.findByText('Maintenance tonight')).toBeInTheDocument()
    expect(screen.getByText('1 in total')).toBeInTheDocument()
  })

  it('searches by title, offers to clear a search that finds nothing, and resets', async () => {
    renderWithProviders(<AnnouncementManagePage />)
    await screen.findByText('Maintenance tonight')
    fireEvent.change(screen.getByTestId('announcement-search-title'), { target: { value: ' Holiday ' } })
    fireEvent.click(screen.getByTestId('announcement-search-submit'))
    await waitFor(() =>
      expect(api.pageAnnouncements).toHaveBeenLastCalledWith({ pageNo: 1, pageSize: 10, title: 'Holiday' }),
    )
    fireEvent.click(await screen.findByTestId('empty-clear-filters'))
    expect(await screen.findByText('Maintenance tonight')).toBeInTheDocument()
    expect(screen.getByTestId('announcement-search-title')).toHaveValue('')
  })

  it('without any announcement, offers to create the first one', async () => {
    vi.mocked(api.pageAnnouncements).mockResolvedValue({ list: [], total: 0 })
    renderWithProviders(<AnnouncementManagePage />)
    const empty = await screen.findByTestId('empty-state')
    expect(empty).toHaveTextContent('No announcements yet')
    fireEvent.click(within(empty).getByText('New announcement'))
    expect(await screen.findByTestId('announcement-dialog')).toBeInTheDocument()
  })
})
