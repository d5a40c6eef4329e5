import { Role } from '@app/core'
import { screen, within } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import * as announcements from '../../api/announcement'
import * as api from '../../api/statistics'
import { i18n } from '../../i18n'
import { renderWithProviders, signInAs } from '../../test/testUtils'
import HomePage from './index'

vi.mock('../../api/statistics', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../api/statistics')>()),
  homeFigures: vi.fn(),
  homeChecklist: vi.fn(),
}))
vi.mock('../../api/announcement', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../api/announcement')>()),
  enabledAnnouncements: vi.fn(),
}))

beforeEach(async () => {
  vi.clearAllMocks()
  localStorage.clear()
  await i18n.changeLanguage('en')
  vi.mocked(api.homeFigures).mockResolvedValue({
    kind: 'tenant',
    platform: null,
    tenant: {
      messagesInToday: 12,
      messagesOutToday: 7,
      unrepliedSessions: 3,
      offlineAccounts: 1,
      warnings: null,
      expiringPorts: null,
      expiringSeats: null,
    },
  })
  vi.mocked(api.homeChecklist).mockResolvedValue({
    linkNumber: true,
    createAgent: false,
    assignNumber: false,
    answerChat: false,
  })
  vi.mocked(announcements.enabledAnnouncements).mockResolvedValue([
    {
      id: 1,
      title: 'Maintenance tonight',
      content: 'The console is down from 02:00 to 03:00',
      status: 1,
      createdAt: Date.now(),
      updatedAt: Date.now(),
      creatorName: 'admin',
    },
  ])
})
afterEach(async () => {
  await i18n.changeLanguage('zh')
})

describe('/home', { timeout: 30_000 }, () => {
  it('is titled Home as the one h1, each part a section with its own h2', async () => {
    signInAs([Role.customerMaster])
    renderWithProviders(<HomePage />)
    expect(screen.getByRole('heading', { level: 1, name: 'Home' })).toBeInTheDocument()
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1)
    expect(screen.getByTestId('home-greeting')).toHaveTextContent('Hello')
    expect(await screen.findByTestId('home-figure-messagesIn')).toHaveTextContent('12')
    expect(await screen.findByTestId('home-checklist')).toHaveTextContent('1 of 4 done')
    expect(
      await within(screen.getByTestId('home-announcements')).findByText('Maintenance tonight'),
    ).toBeInTheDocument()
    for (const name of ['Get started', 'Today', 'Shortcuts', 'Announcements'])
      expect(screen.getByRole('heading', { level: 2, name })).toBeInTheDocument()
  })

  it('says 首页 in Chinese', async () => {
    await i18n.changeLanguage('zh')
    signInAs([Role.customerUser])
    renderWithProviders(<HomePage />)
    expect(screen.getByRole('heading', { level: 1, name: '首页' })).toBeInTheDocument()
    expect(await screen.findByTestId('home-figure-messagesIn')).toBeInTheDocument()
  })
})
