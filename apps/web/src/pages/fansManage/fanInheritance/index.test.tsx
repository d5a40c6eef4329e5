import type { DeskAccountView, FanInheritanceView, InheritSourceView } from '@app/core'
import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import * as desk from '../../../api/desk'
import * as api from '../../../api/fanInheritance'
import * as labels from '../../../api/label'
import { i18n } from '../../../i18n'
import { renderWithProviders } from '../../../test/testUtils'
import FanInheritancePage from './index'

vi.mock('../../../realtime', () => import('../../../test/testUtils'))
vi.mock('../../../api/fanInheritance', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../../api/fanInheritance')>()),
  listInheritSources: vi.fn(),
  pageInheritFans: vi.fn(),
  inheritFans: vi.fn(),
  pageInheritances: vi.fn(),
}))
vi.mock('../../../api/desk', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../../api/desk')>()),
  listDeskAccounts: vi.fn(),
}))
vi.mock('../../../api/label', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../../api/label')>()),
  listLabels: vi.fn(),
}))

const source: InheritSourceView = {
  id: 1,
  phone: '8613800000001',
  pushName: '',
  remark: '',
  status: 'banned',
  state: 'banned',
  fanCount: 3,
}
const account = (id: number, status: DeskAccountView['status']): DeskAccountView => ({
  id,
  phone: `861380000000${id}`,
  pushName: '',
  remark: '',
  status,
  abnormalReason: null,
  sessionCount: 0,
  unreadCount: 0,
})
const record: FanInheritanceView = {
  id: 5,
  fromAccountId: 1,
  fromPhone: '8613800000001',
  toAccountId: 2,
  toPhone: '8613800000002',
  mode: 'label',
  labelNames: ['vip'],
  moved: 2,
  repeat: 1,
  status: 'done',
  createdBy: 10,
  createdByName: 'Master',
  createdAt: Date.now(),
  finishedAt: Date.now(),
}

beforeEach(async () => {
  await i18n.changeLanguage('en')
  vi.mocked(api.listInheritSources).mockResolvedValue([source])
  vi.mocked(api.pageInheritances).mockResolvedValue({ list: [], total: 0 })
  vi.mocked(api.pageInheritFans).mockResolvedValue({
    list: [{ id: 11, title: 'Ann', phone: '447700900001', remark: '', labels: [] }],
    nextAfterId: null,
  })
  vi.mocked(api.inheritFans).mockResolvedValue(record)
  vi.mocked(desk.listDeskAccounts).mockResolvedValue([
    account(1, 'banned'),
    account(2, 'online'),
    account(3, 'banned'),
  ])
  vi.mocked(labels.listLabels).mockResolvedValue([{ id: 7, name: 'vip', fanCount: 1, createdAt: 0 }])
})
afterEach(async () => {
  vi.clearAllMocks()
  await i18n.changeLanguage('zh')
})

const t = (key: string, o?: Record<string, unknown>) => i18n.t(key, o)

async function choose(testId: string, title: string) {
  fireEvent.mouseDown(within(await screen.findByTestId(testId)).getByRole('combobox'))
  fireEvent.click(await screen.findByTitle(title))
}

const sourceTitle = () =>
  `+8613800000001 · ${t('inheritance.states.banned')} · ${t('inheritance.form.fanCount', { count: 3 })}`
const targetTitle = () => `+8613800000002 · ${t('inheritance.accountStatus.online')}`

describe('the inheritance form', () => {
  it('asks for the source and the receiver before anything is sent', async () => {
    renderWithProviders(<FanInheritancePage />)
    fireEvent.click(await screen.findByTestId('inherit-submit'))
    expect(await screen.findByText(t('inheritance.form.sourceRequired'))).toBeTruthy()
    expect(screen.getByText(t('inheritance.form.targetRequired'))).toBeTruthy()
    expect(api.inheritFans).not.toHaveBeenCalled()
  })

  it('offers as receivers only other accounts that are not banned', async () => {
    renderWithProviders(<FanInheritancePage />)
    await choose('inherit-source', sourceTitle())
    fireEvent.mouseDown(within(screen.getByTestId('inherit-target')).getByRole('combobox'))
    expect(await screen.findByTitle(targetTitle())).toBeTruthy()
    expect(screen.queryByTitle(`+8613800000003 · ${t('inheritance.accountStatus.banned')}`)).toBeNull()
  })

  it('switches modes: all tells the count, label asks for labels, fans for fans', async () => {
    renderWithProviders(<FanInheritancePage />)
    await choose('inherit-source', sourceTitle())
    await choose('inherit-target', targetTitle())
    expect(await screen.findByTestId('inherit-all-hint')).toHaveTextContent(
      t('inheritance.form.allHint', { count: 3 }),
    )
    fireEvent.click(screen.getByTestId('inherit-mode-label'))
    expect(await screen.findByTestId('inherit-labels')).toBeTruthy()
    expect(screen.queryByTestId('inherit-all-hint')).toBeNull()
    expect(screen.queryByTestId('inherit-fans')).toBeNull()
    fireEvent.click(screen.getByTestId('inherit-submit'))
    expect(await screen.findByText(t('inheritance.form.labelsRequired'))).toBeTruthy()
    expect(api.inheritFans).not.toHaveBeenCalled()

    fireEvent.click(screen.getByTestId('inherit-mode-fans'))
    expect(await screen.findByTestId('inherit-fans')).toBeTruthy()
    expect(screen.queryByTestId('inherit-labels')).toBeNull()
    fireEvent.click(screen.getByTestId('inherit-submit'))
    expect(await screen.findByText(t('inheritance.form.fansRequired'))).toBeTruthy()
    expect(api.inheritFans).not.toHaveBeenCalled()
  })

  it('hands the fans of a label over and tells the counts', async () => {
    renderWithProviders(<FanInheritancePage />)
    await choose('inherit-source', sourceTitle())
    await choose('inherit-target', targetTitle())
    fireEvent.click(screen.getByTestId('inherit-mode-label'))
    await choose('inherit-labels', 'vip')
    fireEvent.click(screen.getByTestId('inherit-submit'))
    await waitFor(() =>
      expect(api.inheritFans).toHaveBeenCalledWith({
        accountId: 1,
        toAccountId: 2,
        mode: 'label',
        labelIds: [7],
      }),
    )
    expect(await screen.findByText(t('inheritance.form.done', { moved: 2, repeat: 1 }))).toBeTruthy()
  })

  it('hands chosen fans over, picked from the source account', async () => {
    renderWithProviders(<FanInheritancePage />)
    await choose('inherit-source', sourceTitle())
    await choose('inherit-target', targetTitle())
    fireEvent.click(screen.getByTestId('inherit-mode-fans'))
    await choose('inherit-fans', 'Ann (+447700900001)')
    expect(api.pageInheritFans).toHaveBeenCalledWith({ accountId: 1, pageSize: 50 })
    fireEvent.click(screen.getByTestId('inherit-submit'))
    await waitFor(() =>
      expect(api.inheritFans).toHaveBeenCalledWith({
        accountId: 1,
        toAccountId: 2,
        mode: 'fans',
        fanIds: [11],
      }),
    )
  })
})
