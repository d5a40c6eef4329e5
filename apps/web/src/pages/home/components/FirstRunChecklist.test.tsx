import { type HomeChecklist, Role, type RoleId } from '@app/core'
import { fireEvent, screen, waitFor } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import * as api from '../../../api/statistics'
import { i18n } from '../../../i18n'
import { useSession } from '../../../stores/session'
import { makeUser } from '../../../test/fixtures'
import { renderWithProviders } from '../../../test/testUtils'
import { FirstRunChecklist } from './FirstRunChecklist'

vi.mock('../../../api/statistics', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../../api/statistics')>()),
  homeChecklist: vi.fn(),
}))

const facts = (over: Partial<HomeChecklist> = {}): HomeChecklist => ({
  linkNumber: true,
  createAgent: false,
  assignNumber: false,
  answerChat: false,
  ...over,
})

const signIn = (roles: RoleId[] = [Role.customerMaster], id = 10) =>
  useSession.setState({ token: 't', user: makeUser({ id }), roles })

beforeEach(async () => {
  vi.clearAllMocks()
  localStorage.clear()
  await i18n.changeLanguage('en')
})
afterEach(async () => {
  useSession.setState({ token: undefined, user: null, roles: [] })
  await i18n.changeLanguage('zh')
})

describe('first-run checklist', { timeout: 30_000 }, () => {
  it('shows an agent nothing and never asks the server', async () => {
    signIn([Role.customerUser])
    renderWithProviders(<FirstRunChecklist />)
    await new Promise((r) => setTimeout(r, 50))
    expect(screen.queryByTestId('home-checklist')).toBeNull()
    expect(api.homeChecklist).not.toHaveBeenCalled()
  })

  it('shows the supervisor each step, done ones ticked, the others linked to their page', async () => {
    signIn()
    vi.mocked(api.homeChecklist).mockResolvedValue(facts())
    renderWithProviders(<FirstRunChecklist />)
    expect(await screen.findByTestId('home-checklist')).toHaveTextContent('1 of 4 done')
    expect(screen.getByTestId('checklist-linkNumber')).toHaveTextContent(/^Link a WhatsApp number\s*Done$/)
    expect(screen.getByTestId('checklist-linkNumber').querySelector('a')).toBeNull()
    const link = (step: string) => screen.getByTestId(`checklist-${step}`).querySelector('a')
    expect(screen.getByTestId('checklist-createAgent')).toHaveTextContent('Create an agent')
    expect(link('createAgent')).toHaveAttribute('href', '/customerServiceManage/list')
    expect(link('assignNumber')).toHaveAttribute('href', '/customerServiceManage/list')
    expect(screen.getByTestId('checklist-answerChat')).toHaveTextContent('Answer your first chat')
    expect(link('answerChat')).toHaveAttribute('href', '/customerServiceDesk/deskSession')
  })

  it('disappears once every step is done', async () => {
    signIn()
    vi.mocked(api.homeChecklist).mockResolvedValue(
      facts({ createAgent: true, assignNumber: true, answerChat: true }),
    )
    renderWithProviders(<FirstRunChecklist />)
    await waitFor(() => expect(api.homeChecklist).toHaveBeenCalled())
    await new Promise((r) => setTimeout(r, 50))
    expect(screen.queryByTestId('home-checklist')).toBeNull()
  })

  it('once dismissed stays away for that user, not for another', async () => {
    signIn([Role.customerMaster], 10)
    vi.mocked(api.homeChecklist).mockResolvedValue(facts())
    const first = renderWithProviders(<FirstRunChecklist />)
    fireEvent.click(await screen.findByTestId('checklist-dismiss'))
    expect(screen.queryByTestId('home-checklist')).toBeNull()
    first.unmount()

    vi.mocked(api.homeChecklist).mockClear()
    const again = renderWithProviders(<FirstRunChecklist />)
    await new Promise((r) => setTimeout(r, 50))
    expect(screen.queryByTestId('home-checklist')).toBeNull()
    expect(api.homeChecklist).not.toHaveBeenCalled()
    again.unmount()

    signIn([Role.customerMaster], 11)
    renderWithProviders(<FirstRunChecklist />)
    expect(await screen.findByTestId('home-checklist')).toBeInTheDocument()
  })
})
