import type { DeskSessionView, GroupInfoView, GroupMemberView } from '@app/core'
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import * as api from '../../../api/group'
import { i18n } from '../../../i18n'
import { emitSocket, renderWithProviders } from '../../../test/testUtils'
import { GroupPanel } from './GroupPanel'

vi.mock('../../../realtime', () => import('../../../test/testUtils'))
vi.mock('../../../api/group')
// antd's first render in jsdom is slow on a busy machine
vi.setConfig({ testTimeout: 30_000 })
const slow = { timeout: 10_000 }

const SELF = '8613800000001@s.whatsapp.net'
const ALICE = '447700900001@s.whatsapp.net'
const BOB = '447700900002@s.whatsapp.net'

const session = { id: 7, type: 'group', title: 'Wholesale', groupChatId: 3 } as DeskSessionView

function makeInfo(overrides: Partial<GroupInfoView> = {}): GroupInfoView {
  return {
    sessionId: 7,
    groupChatId: 3,
    jid: '120363000000000001@g.us',
    accountId: 1,
    accountPhone: '8613800000001',
    subject: 'Wholesale',
    description: 'Prices every Monday',
    memberCount: 3,
    adminCount: 2,
    announce: false,
    editPermission: 'all',
    inviteLink: null,
    inviteQr: null,
    note: '',
    nickname: '',
    system: false,
    ourRole: 'owner',
    can: { manageMembers: true, editInfo: true, editSettings: true, link: true, remark: true },
    updatedAt: 1,
    ...overrides,
  }
}
const members: GroupMemberView[] = [
  { jid: SELF, phone: '8613800000001', name: '', role: 'owner', isSelf: true },
  { jid: ALICE, phone: '447700900001', name: 'Alice', role: 'admin', isSelf: false },
  { jid: BOB, phone: '447700900002', name: '', role: 'member', isSelf: false },
]
const submitted = (jid: string) => ({
  submitted: true,
  results: [{ input: jid, jid, status: 'ok' as const }],
})

beforeEach(async () => {
  vi.clearAllMocks()
  await i18n.changeLanguage('en')
  vi.mocked(api.groupInfo).mockResolvedValue(makeInfo())
  vi.mocked(api.groupMembers).mockResolvedValue({ list: members, total: 3 })
})
afterEach(() => i18n.changeLanguage('zh'))

describe('GroupPanel as the owner', () => {
  it('shows the group, the members with their roles and the owner actions', async () => {
    renderWithProviders(<GroupPanel session={session} />)
    const panel = await screen.findByTestId('group-panel')
    expect(panel).toHaveTextContent('Wholesale')
    expect(panel).toHaveTextContent('Prices every Monday')
    expect(screen.getByTestId('group-member-count')).toHaveTextContent('3 members (admins: 2)')
    const alice = await screen.findByTestId(`group-member-${ALICE}`, {}, slow)
    expect(alice).toHaveTextContent('Alice')
    expect(alice).toHaveTextContent('Admin')
    expect(within(alice).getByTestId(`group-member-demote-${ALICE}`)).toBeInTheDocument()
    expect(
      within(screen.getByTestId(`group-member-${BOB}`)).getByTestId(`group-member-promote-${BOB}`),
    ).toBeVisible()
    // never on our own account
    expect(within(screen.getByTestId(`group-member-${SELF}`)).queryByRole('button')).toBeNull()
    expect(screen.getByTestId('group-add-member')).toBeInTheDocument()
    expect(screen.getByTestId('group-edit')).toBeInTheDocument()
  })

  it('promotes a member and says the change was submitted', async () => {
    vi.mocked(api.groupMemberAction).mockResolvedValue(submitted(BOB))
    renderWithProviders(<GroupPanel session={session} />)
    fireEvent.click(await screen.findByTestId(`group-member-promote-${BOB}`, {}, slow))
    await waitFor(() => expect(api.groupMemberAction).toHaveBeenCalledWith(7, 'promote', [BOB]))
    expect(await screen.findByText(/Submitted\. WhatsApp takes a moment/)).toBeInTheDocument()
  })

  it('checks the phones before adding and shows each outcome', async () => {
    vi.mocked(api.groupMemberAction).mockResolvedValue({
      submitted: true,
      results: [
        { input: '447700900009', jid: '447700900009@s.whatsapp.net', status: 'ok' },
        { input: '447700900001', jid: ALICE, status: 'alreadyMember' },
      ],
    })
    renderWithProviders(<GroupPanel session={session} />)
    fireEvent.click(await screen.findByTestId('group-add-member'))
    fireEvent.change(await screen.findByTestId('group-add-input'), {
      target: { value: '447700900009\nhello' },
    })
    fireEvent.click(screen.getByTestId('group-add-submit'))
    expect(await screen.findByTestId('group-add-error')).toHaveTextContent('hello')
    expect(api.groupMemberAction).not.toHaveBeenCalled()

    fireEvent.change(screen.getByTestId('group-add-input'), {
      target: { value: '447700900009\n447700900001' },
    })
    fireEvent.click(screen.getByTestId('group-add-submit'))
    await waitFor(() =>
      expect(api.groupMemberAction).toHaveBeenCalledWith(7, 'add', ['447700900009', '447700900001']),
    )
    const results = await screen.findByTestId('group-member-results')
    expect(results).toHaveTextContent('Submitted')
    expect(results).toHaveTextContent('Already in the group')
  })

  it('gets the invite link with its QR code, and resets it after a confirmation', async () => {
    vi.mocked(api.groupLink).mockResolvedValue({
      link: 'https://chat.whatsapp.com/AAAA111122',
      qrDataUrl: 'data:image/png;base64,AA',
    })
    vi.mocked(api.resetGroupLink).mockResolvedValue({
      link: 'https://chat.whatsapp.com/BBBB333344',
      qrDataUrl: 'data:image/png;base64,BB',
    })
    renderWithProviders(<GroupPanel session={session} />)
    fireEvent.click(await screen.findByTestId('group-link-get'))
    expect(await screen.findByTestId('group-link-text')).toHaveTextContent(
      'https://chat.whatsapp.com/AAAA111122',
    )
    expect(screen.getByAltText('Group QR code')).toHaveAttribute('src', 'data:image/png;base64,AA')

    fireEvent.click(screen.getByTestId('group-link-reset'))
    const dialog = (await screen.findByText('The old link and QR code stop working at once.')).closest(
      '.ant-modal',
    ) as HTMLElement
    const confirm = within(dialog).getByRole('button', { name: /Reset link/ })
    expect(confirm).toBeDisabled()
    await waitFor(() => expect(confirm).toBeEnabled(), { timeout: 4000 })
    fireEvent.click(confirm)
    await waitFor(() => expect(api.resetGroupLink).toHaveBeenCalledWith(7))
    expect(await screen.findByText('https://chat.whatsapp.com/BBBB333344')).toBeInTheDocument()
  })

  it('sends only what changed in the edit dialog', async () => {
    vi.mocked(api.updateGroup).mockResolvedValue({ submitted: true })
    renderWithProviders(<GroupPanel session={session} />)
    fireEvent.click(await screen.findByTestId('group-edit'))
    fireEvent.click(await screen.findByTestId('group-edit-save'))
    expect(await screen.findByText('Nothing to change')).toBeInTheDocument()
    expect(api.updateGroup).not.toHaveBeenCalled()

    fireEvent.click(screen.getByTestId('group-edit-announce'))
    fireEvent.change(screen.getByTestId('group-edit-subject'), { target: { value: 'Wholesale 2026' } })
    fireEvent.click(screen.getByTestId('group-edit-save'))
    await waitFor(() =>
      expect(api.updateGroup).toHaveBeenCalledWith(7, { subject: 'Wholesale 2026', announce: true }),
    )
  })

  it('reads the group again when WhatsApp confirmed a change', async () => {
    renderWithProviders(<GroupPanel session={session} />)
    await screen.findByTestId('group-panel')
    vi.mocked(api.groupInfo).mockResolvedValue(makeInfo({ subject: 'Renamed', announce: true }))
    act(() => emitSocket('group.updated', { sessionId: 99, groupChatId: 9, jid: 'x@g.us' }))
    act(() => emitSocket('group.updated', { sessionId: 7, groupChatId: 3, jid: '120363000000000001@g.us' }))
    expect(await screen.findByText('Renamed')).toBeInTheDocument()
    expect(within(screen.getByTestId('group-panel')).getByText('Only admins send')).toBeInTheDocument()
    expect(api.groupInfo).toHaveBeenCalledTimes(2)
  })
})

describe('GroupPanel as a plain member', () => {
  it('shows no member or link management, and keeps the nickname editable', async () => {
    vi.mocked(api.groupInfo).mockResolvedValue(
      makeInfo({
        ourRole: 'member',
        can: { manageMembers: false, editInfo: true, editSettings: false, link: false, remark: true },
      }),
    )
    vi.mocked(api.setGroupRemark).mockResolvedValue(null)
    renderWithProviders(<GroupPanel session={session} />)
    await screen.findByTestId(`group-member-${BOB}`, {}, slow)
    expect(screen.queryByTestId('group-add-member')).toBeNull()
    expect(screen.queryByTestId(`group-member-promote-${BOB}`)).toBeNull()
    expect(screen.queryByTestId('group-link-get')).toBeNull()
    expect(screen.getByTestId('group-link')).toHaveTextContent(
      'Only the group owner or an admin can get the group link',
    )

    const nickname = screen.getByTestId('group-nickname-input')
    fireEvent.change(nickname, { target: { value: 'Buyers' } })
    fireEvent.blur(nickname)
    await waitFor(() => expect(api.setGroupRemark).toHaveBeenCalledWith(7, { nickname: 'Buyers' }))

    fireEvent.click(screen.getByTestId('group-edit'))
    expect(await screen.findByTestId('group-edit-announce')).toBeDisabled()
  })
})
