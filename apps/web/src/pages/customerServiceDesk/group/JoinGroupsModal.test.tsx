import { fireEvent, screen, waitFor } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import * as api from '../../../api/group'
import { i18n } from '../../../i18n'
import { renderWithProviders } from '../../../test/testUtils'
import { JoinGroupsModal } from './JoinGroupsModal'

vi.mock('../../../api/group')
vi.setConfig({ testTimeout: 30_000 })

const link = (i: number) => `https://chat.whatsapp.com/AAAAAAAAAAAAAAAAAAAA${String(i).padStart(2, '0')}`

beforeEach(async () => {
  vi.clearAllMocks()
  await i18n.changeLanguage('en')
  vi.mocked(api.groupAccounts).mockResolvedValue([
    { id: 4, phone: '8613800000009', online: false },
    { id: 5, phone: '8613800000001', online: true },
  ])
})
afterEach(() => i18n.changeLanguage('zh'))

describe('JoinGroupsModal', () => {
  it('refuses no links and more than 20, and sends nothing', async () => {
    renderWithProviders(<JoinGroupsModal open onClose={() => undefined} />)
    const input = await screen.findByTestId('join-groups-input')
    await waitFor(() => expect(screen.getByTestId('join-groups-account')).toHaveTextContent('+8613800000001'))
    fireEvent.click(screen.getByTestId('join-groups-submit'))
    expect(await screen.findByTestId('join-groups-error')).toHaveTextContent(
      'Enter the group links, one per line',
    )

    fireEvent.change(input, { target: { value: Array.from({ length: 21 }, (_, i) => link(i)).join('\n') } })
    expect(screen.getByText('21 / 20 links')).toBeInTheDocument()
    fireEvent.click(screen.getByTestId('join-groups-submit'))
    expect(await screen.findByTestId('join-groups-error')).toHaveTextContent(
      'At most 20 group links at a time, one per line',
    )
    expect(api.joinGroups).not.toHaveBeenCalled()
  })

  it('joins with the online account, one line per link, and shows each line', async () => {
    vi.mocked(api.joinGroups).mockResolvedValue({
      joined: 1,
      results: [
        { line: 1, link: link(1), status: 'joined', groupJid: '1@g.us', subject: 'Buyers', sessionId: 9 },
        { line: 2, link: 'hello', status: 'invalid', groupJid: null, subject: null, sessionId: null },
      ],
    })
    const onJoined = vi.fn()
    renderWithProviders(<JoinGroupsModal open onClose={() => undefined} onJoined={onJoined} />)
    await waitFor(() => expect(screen.getByTestId('join-groups-account')).toHaveTextContent('+8613800000001'))
    fireEvent.change(screen.getByTestId('join-groups-input'), {
      target: { value: `${link(1)}\n\n hello \n` },
    })
    fireEvent.click(screen.getByTestId('join-groups-submit'))
    await waitFor(() => expect(api.joinGroups).toHaveBeenCalledWith(5, [link(1), 'hello']))
    expect(await screen.findByTestId('join-groups-status-1')).toHaveTextContent('Joined')
    expect(screen.getByTestId('join-groups-status-2')).toHaveTextContent('Not a group link')
    expect(screen.getByTestId('join-groups-results')).toHaveTextContent('Buyers')
    expect(onJoined).toHaveBeenCalledWith(expect.objectContaining({ joined: 1 }))
  })
})
