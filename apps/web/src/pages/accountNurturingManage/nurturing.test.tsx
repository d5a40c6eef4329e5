import type {
  DeskSessionView,
  NurturingMaterialView,
  NurturingProgressView,
  NurturingRuleView,
} from '@app/core'
import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import * as platform from '../../api/platform'
import { i18n } from '../../i18n'
import { renderWithProviders } from '../../test/testUtils'
import { ChatHeader } from '../customerServiceDesk/deskSession/ChatHeader'
import * as api from './api'
import NurturingRulePage from './rule'
import NurturingMaterialPage from './sourceMaterial'

vi.mock('../../realtime', () => import('../../test/testUtils'))
vi.mock('./api')
vi.mock('../../api/platform')

const rule: NurturingRuleView = {
  id: 3,
  name: 'New numbers',
  tenants: [{ id: 2, name: 'Demo Trading' }],
  language: 'en',
  days: 7,
  perDay: 20,
  activeFrom: 540,
  activeTo: 1260,
  utcOffset: 0,
  enabled: true,
  accounts: 2,
  createdAt: 1,
}
const progress = (over: Partial<NurturingProgressView> = {}): NurturingProgressView => ({
  accountId: 11,
  phone: '8613800000001',
  tenantName: 'Demo Trading',
  ruleId: 3,
  ruleName: 'New numbers',
  partnerPhone: '8613800000002',
  state: 'active',
  stopReason: null,
  daysDone: 2,
  days: 7,
  sentToday: 4,
  perDay: 20,
  sentTotal: 31,
  startedAt: 1,
  lastSentAt: null,
  ...over,
})

beforeEach(async () => {
  vi.clearAllMocks()
  await i18n.changeLanguage('en')
})
afterEach(() => i18n.changeLanguage('zh'))

describe('account nurturing pages', { timeout: 60_000 }, () => {
  it('shows rules with their hours and each account’s progress, a stopped one with its reason', async () => {
    vi.mocked(api.pageRules).mockResolvedValue({ list: [rule], total: 1 })
    vi.mocked(api.pageProgress).mockResolvedValue({
      list: [
        progress(),
        progress({
          accountId: 12,
          phone: '8613800000002',
          state: 'stopped',
          stopReason: 'banned',
          sentToday: 0,
          daysDone: 1,
        }),
        // the rule was deleted: the account stopped at once, without the rule's name or limits
        progress({
          accountId: 13,
          phone: '8613800000003',
          ruleName: '',
          state: 'stopped',
          stopReason: 'rule_deleted',
          days: 0,
          perDay: 0,
          partnerPhone: null,
        }),
      ],
      total: 3,
    })
    renderWithProviders(<NurturingRulePage />)
    expect(screen.getByRole('heading', { level: 1, name: 'Nurturing rules' })).toBeInTheDocument()
    expect(screen.getByRole('heading', { level: 2, name: 'Progress' })).toBeInTheDocument()
    expect(await screen.findByText('09:00–21:00')).toBeInTheDocument()
    expect(screen.getByText('3 in total')).toBeInTheDocument()
    const table = screen.getByTestId('nurturing-progress')
    await waitFor(() => expect(within(table).getByText('Stopped: Banned')).toBeInTheDocument())
    expect(within(table).getByText('Stopped: Rule deleted')).toBeInTheDocument()
    expect(within(table).getByText('4 / 20')).toBeInTheDocument()
    expect(within(table).getByText('2 / 7')).toBeInTheDocument()
    expect(within(table).getByText('Nurturing')).toBeInTheDocument()
  })

  it('refuses a rule without a name or tenants in the user’s language', async () => {
    vi.mocked(api.pageRules).mockResolvedValue({ list: [], total: 0 })
    vi.mocked(api.pageProgress).mockResolvedValue({ list: [], total: 0 })
    vi.mocked(platform.queryTenants).mockResolvedValue({ list: [], total: 0 })
    renderWithProviders(<NurturingRulePage />)
    fireEvent.click(await screen.findByTestId('nurturing-rule-create'))
    fireEvent.click(await screen.findByRole('button', { name: 'OK' }))
    expect(await screen.findByText('Enter the name of the rule')).toBeInTheDocument()
    expect(await screen.findByText('Choose the tenants that take part')).toBeInTheDocument()
    expect(api.createRule).not.toHaveBeenCalled()
  })

  it('adds a text material and refuses an empty one', async () => {
    vi.mocked(api.pageMaterials).mockResolvedValue({ list: [], total: 0 })
    vi.mocked(api.createMaterial).mockResolvedValue({ id: 1 })
    renderWithProviders(<NurturingMaterialPage />)
    expect(screen.getByRole('heading', { level: 1, name: 'Source material' })).toBeInTheDocument()
    expect(
      await screen.findByText('No material yet; nurturing conversations draw from here'),
    ).toBeInTheDocument()
    fireEvent.click(screen.getByTestId('nurturing-material-create'))
    fireEvent.click(await screen.findByRole('button', { name: 'OK' }))
    expect(await screen.findByText('Enter the text of the material')).toBeInTheDocument()
    fireEvent.change(screen.getByTestId('nurturing-material-text'), { target: { value: 'Good morning!' } })
    fireEvent.click(screen.getByRole('button', { name: 'OK' }))
    await waitFor(() => expect(api.createMaterial).toHaveBeenCalled())
    expect(vi.mocked(api.createMaterial).mock.calls[0]?.[0]).toMatchObject({
      language: 'en',
      text: 'Good morning!',
      type: 'text',
      enabled: true,
    })
  })

  it('lists the material of the chosen language at once, and offers to clear the filter', async () => {
    vi.mocked(api.pageMaterials).mockResolvedValue({ list: [], total: 0 })
    renderWithProviders(<NurturingMaterialPage />)
    await waitFor(() => expect(api.pageMaterials).toHaveBeenCalledWith({ pageNo: 1, pageSize: 10 }))
    fireEvent.mouseDown(within(screen.getByTestId('nurturing-material-language')).getByRole('combobox'))
    fireEvent.click(await screen.findByTitle('Spanish'))
    await waitFor(() =>
      expect(api.pageMaterials).toHaveBeenLastCalledWith({ pageNo: 1, pageSize: 10, language: 'es' }),
    )
    fireEvent.click(await screen.findByTestId('empty-clear-filters'))
    await waitFor(() =>
      expect(api.pageMaterials).toHaveBeenLastCalledWith({ pageNo: 1, pageSize: 10, language: undefined }),
    )
  })

  it('lists material by type with a thumbnail for images and stickers and a player for voice notes', async () => {
    const material = (id: number, over: Partial<NurturingMaterialView>): NurturingMaterialView => ({
      id,
      language: 'en',
      type: 'text',
      text: '',
      mime: null,
      size: null,
      enabled: true,
      createdAt: 1,
      updatedAt: 1,
      ...over,
    })
    vi.mocked(api.pageMaterials).mockResolvedValue({
      list: [
        material(1, { text: 'Hello there' }),
        material(2, { type: 'image', mime: 'image/png' }),
        material(3, { type: 'voice', mime: 'audio/ogg' }),
        material(4, { type: 'sticker', mime: 'image/webp' }),
      ],
      total: 4,
    })
    vi.mocked(api.fetchMaterialFile).mockImplementation(async (id) => new Blob([String(id)]))
    const created = vi.spyOn(URL, 'createObjectURL').mockImplementation((b) => `blob:${(b as Blob).size}`)
    vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => undefined)
    renderWithProviders(<NurturingMaterialPage />)
    expect(await screen.findByText('Hello there')).toBeInTheDocument()
    const types = [...document.querySelectorAll('tr.ant-table-row')].map(
      (tr) => tr.querySelectorAll('td')[1]?.textContent,
    )
    expect(types).toEqual(['Text', 'Image', 'Voice', 'Sticker'])
    const thumb = await screen.findByTestId('nurturing-thumb-2')
    const img = thumb.tagName === 'IMG' ? thumb : thumb.querySelector('img')
    expect(img?.getAttribute('src')).toMatch(/^blob:/)
    expect(await screen.findByTestId('nurturing-thumb-4')).toBeInTheDocument()
    const audio = await screen.findByTestId('nurturing-audio-3')
    expect(audio.tagName).toBe('AUDIO')
    expect(audio.getAttribute('src')).toMatch(/^blob:/)
    expect(
      vi
        .mocked(api.fetchMaterialFile)
        .mock.calls.map((c) => c[0])
        .sort(),
    ).toEqual([2, 3, 4])
    expect(created).toHaveBeenCalled()
  })

  it('uploads a sticker only as WebP, telling why another file is refused', async () => {
    vi.mocked(api.pageMaterials).mockResolvedValue({ list: [], total: 0 })
    vi.mocked(api.uploadMaterial).mockResolvedValue({ id: 9 })
    renderWithProviders(<NurturingMaterialPage />)
    fireEvent.click(await screen.findByTestId('nurturing-material-create'))
    fireEvent.click(await screen.findByText('Sticker'))
    fireEvent.click(await screen.findByRole('button', { name: 'OK' }))
    expect(await screen.findByText('Choose the file to upload')).toBeInTheDocument()
    const input = () => document.querySelector<HTMLInputElement>('input[type="file"]') as HTMLInputElement
    const png = new File(
      [new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0, 0, 0, 0, 0])],
      'a.png',
      {
        type: 'image/png',
      },
    )
    fireEvent.change(input(), { target: { files: [png] } })
    expect(await screen.findByText('The file is not of the accepted format: webp')).toBeInTheDocument()
    expect(api.uploadMaterial).not.toHaveBeenCalled()
    const webp = new File(
      [new TextEncoder().encode('RIFF\u0000\u0000\u0000\u0000WEBPVP8 ....')],
      'smile.webp',
      {
        type: 'image/webp',
      },
    )
    // the refused file is replaced by the sticker
    fireEvent.change(input(), { target: { files: [webp] } })
    await waitFor(() => expect(screen.queryByText('The file is not of the accepted format: webp')).toBeNull())
    fireEvent.click(screen.getByRole('button', { name: 'OK' }))
    await waitFor(() => expect(api.uploadMaterial).toHaveBeenCalled())
    expect(vi.mocked(api.uploadMaterial).mock.calls[0]?.[0]).toMatchObject({
      type: 'sticker',
      language: 'en',
      fileName: 'smile.webp',
      enabled: true,
    })
  })

  it('tags a nurturing chat on the desk so nobody replies into it', async () => {
    const session = {
      id: 1,
      accountId: 2,
      type: 'personal',
      title: '+8613800000002',
      fanPhone: '8613800000002',
      accountPhone: '8613800000001',
      accountStatus: 'online',
      risk: 'none',
      blocked: false,
      dnd: false,
      aiReply: false,
      invalid: false,
    } as unknown as DeskSessionView
    const { rerender } = renderWithProviders(
      <ChatHeader session={{ ...session, nurturing: true }} actions={null} />,
    )
    expect(screen.getByTestId('desk-chat-flag-nurturing')).toHaveTextContent('Nurturing')
    rerender(<ChatHeader session={{ ...session, nurturing: false }} actions={null} />)
    expect(screen.queryByTestId('desk-chat-flag-nurturing')).toBeNull()
  })
})
