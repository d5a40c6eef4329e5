import { RISK_BOUNDS, RISK_DEFAULTS, type RiskConfigView, type RiskWarningView } from '@app/core'
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import * as api from '../../api/risk'
import { i18n } from '../../i18n'
import { RiskBadge } from '../../layouts/BasicLayout/RiskBadge'
import { emitSocket, renderWithProviders } from '../../test/testUtils'
import RiskConfigPage from './config'
import { refusalText } from './refusal'
import RiskWarningPage from './warning'

vi.mock('../../realtime', () => import('../../test/testUtils'))
vi.mock('../../api/risk')

const config = (over: Partial<RiskConfigView> = {}): RiskConfigView => ({
  saved: true,
  limits: RISK_DEFAULTS,
  effective: RISK_DEFAULTS,
  keywords: ['casino'],
  utcOffset: 480,
  bounds: RISK_BOUNDS,
  riskStatus: 0,
  specialChannel: false,
  updatedAt: 1,
  pacing: { perMinute: 20, burst: 5 },
  ...over,
})

const warning = (over: Partial<RiskWarningView> = {}): RiskWarningView => ({
  id: 1,
  kind: 'limit_hit',
  level: 2,
  accountId: 5,
  accountPhone: '8613800000001',
  detail: { rule: 'perMinute', remaining: 7 },
  createdAt: Date.UTC(2026, 0, 5, 8),
  handled: false,
  handledAt: null,
  ...over,
})

beforeEach(async () => {
  vi.clearAllMocks()
  await i18n.changeLanguage('en')
})
afterEach(() => i18n.changeLanguage('zh'))

describe('risk config', { timeout: 60_000 }, () => {
  it('refuses a limit outside the bounds in the user’s language, and saves one inside', async () => {
    vi.mocked(api.riskConfig).mockResolvedValue(config())
    vi.mocked(api.saveRiskConfig).mockImplementation(async (b) => config({ limits: b.limits }))
    renderWithProviders(<RiskConfigPage />)
    expect(await screen.findByTestId('risk-bounds-perMinute')).toHaveTextContent('Allowed: 1 - 30')
    const input = screen.getByTestId('risk-limit-perMinute')
    fireEvent.change(input, { target: { value: '31' } })
    fireEvent.click(screen.getByTestId('risk-config-save'))
    expect(await screen.findByText('Messages per minute must be between 1 and 30')).toBeInTheDocument()
    expect(api.saveRiskConfig).not.toHaveBeenCalled()
    fireEvent.change(input, { target: { value: '5' } })
    fireEvent.click(screen.getByTestId('risk-config-save'))
    await waitFor(() => expect(api.saveRiskConfig).toHaveBeenCalled())
    const body = vi.mocked(api.saveRiskConfig).mock.calls[0]?.[0]
    expect(body?.limits.perMinute).toBe(5)
    expect(body?.keywords).toEqual(['casino'])
    // the windows follow the tenant's time zone, not the browser's
    expect(body?.utcOffset).toBeUndefined()
  })

  it('tells a tenant under risk control, and one that never saved', async () => {
    vi.mocked(api.riskConfig).mockResolvedValue(
      config({ saved: false, riskStatus: 1, effective: { ...RISK_DEFAULTS, perMinute: 5 } }),
    )
    renderWithProviders(<RiskConfigPage />)
    expect(await screen.findByTestId('risk-under-control')).toBeInTheDocument()
    // plainly: nothing per account is enforced yet, and which pacing is
    expect(screen.getByTestId('risk-not-saved')).toHaveTextContent(
      'No risk config saved yet: no per-account limits are enforced',
    )
    expect(screen.getByTestId('risk-not-saved')).toHaveTextContent(
      'at most 20 messages per account per minute, 5 back to back',
    )
  })
})

describe('risk warnings', { timeout: 60_000 }, () => {
  it('lists warnings with their level, account and details, and marks a batch handled', async () => {
    vi.mocked(api.pageRiskWarnings).mockResolvedValue({
      list: [warning(), warning({ id: 2, kind: 'banned', level: 3, detail: {} })],
      total: 2,
    })
    vi.mocked(api.handleRiskWarnings).mockResolvedValue({ handled: 2 })
    renderWithProviders(<RiskWarningPage />)
    const table = await screen.findByTestId('risk-warning-table')
    expect(await within(table).findByText('Send limit reached')).toBeInTheDocument()
    expect(within(table).getByText('Rule: Messages per minute; 7 left today')).toBeInTheDocument()
    expect(within(table).getByText('Account banned')).toBeInTheDocument()
    expect(within(table).getByText('High')).toBeInTheDocument()
    expect(vi.mocked(api.pageRiskWarnings).mock.calls[0]?.[0]).toMatchObject({ handled: false })
    const boxes = within(table).getAllByRole('checkbox')
    fireEvent.click(boxes[0] as HTMLElement)
    fireEvent.click(screen.getByTestId('risk-handle-batch'))
    await waitFor(() => expect(api.handleRiskWarnings).toHaveBeenCalledWith([1, 2]))
    expect(await screen.findByText('2 marked handled')).toBeInTheDocument()
  })

  it('reloads when a warning is raised', async () => {
    vi.mocked(api.pageRiskWarnings).mockResolvedValue({ list: [], total: 0 })
    renderWithProviders(<RiskWarningPage />)
    await waitFor(() => expect(api.pageRiskWarnings).toHaveBeenCalledTimes(1))
    act(() => emitSocket('risk.warning', { warning: warning(), unhandled: 1 }))
    await waitFor(() => expect(api.pageRiskWarnings).toHaveBeenCalledTimes(2))
  })
})

describe('the header badge', () => {
  it('shows the unhandled count and follows a warning pushed live', async () => {
    vi.mocked(api.riskWarningCount).mockResolvedValue({ unhandled: 2 })
    renderWithProviders(<RiskBadge />)
    await waitFor(() => expect(screen.getByTestId('risk-badge')).toHaveAttribute('data-count', '2'))
    act(() => emitSocket('risk.warning', { warning: warning(), unhandled: 3 }))
    await waitFor(() => expect(screen.getByTestId('risk-badge')).toHaveAttribute('data-count', '3'))
    expect(screen.getByTestId('risk-badge-count')).toHaveTextContent('3')
  })
})

describe('a refused message', () => {
  it('tells the rule, the count left today and when it reopens; a keyword by name', () => {
    const t = i18n.t.bind(i18n)
    const at = new Date(2026, 0, 5, 10, 31).getTime()
    expect(refusalText({ rule: 'perMinute', remaining: 7, reopensAt: at }, t)).toBe(
      'per-minute limit reached; 7 left today; reopens at 2026-01-05 10:31:00',
    )
    expect(refusalText({ rule: 'keyword', remaining: 7, reopensAt: null, keyword: 'casino' }, t)).toBe(
      'content violation (keyword “casino”)',
    )
  })
})

describe('the desk’s failed line', () => {
  it('shows a refusal pushed live with its rule, count left and reopening', async () => {
    const { applyUpdate, emptyChat, upsertMessage } = await import('../customerServiceDesk/chat/chatState')
    const { MessageRow } = await import('../customerServiceDesk/chat/messages/MessageRow')
    const { makeMessage } = await import('../../test/fixtures')
    const sent = makeMessage({ id: 41, fromMe: true, status: 'sending', body: 'second answer' })
    const at = new Date(2026, 0, 5, 10, 31).getTime()
    const state = applyUpdate(upsertMessage(emptyChat(), sent), {
      id: 41,
      sessionId: sent.sessionId,
      status: 'failed',
      delivery: sent.delivery,
      failureReason: 'risk_control_limit',
      risk: { rule: 'perMinute', remaining: 7, reopensAt: at },
    })
    const failed = state.items.find((m) => m.id === 41)
    expect(failed?.meta).toMatchObject({ risk: { rule: 'perMinute', remaining: 7 } })
    renderWithProviders(
      <MessageRow
        message={failed as never}
        isGroup={false}
        readOnly
        autoTranslate={false}
        onReply={() => undefined}
        onSent={() => undefined}
        onJump={() => undefined}
      />,
    )
    expect(screen.getByTestId('chat-failed-41')).toHaveTextContent(
      'Risk control limit: per-minute limit reached; 7 left today; reopens at 2026-01-05 10:31:00',
    )
  })
})
