import { SESSION_RISK_UNLOCKED_MS } from '@app/core'
import { act, screen } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { i18n } from '../../i18n'
import { makeSession } from '../../test/fixtures'
import { renderWithProviders } from '../../test/testUtils'
import { ChatHeader } from '../customerServiceDesk/deskSession/ChatHeader'
import { SessionRow } from '../customerServiceDesk/deskSession/SessionRow'
import type { DeskRow } from '../customerServiceDesk/deskSession/sessionCache'
import { holdAccount } from './sessionRisk'

vi.mock('../../realtime', () => import('../../test/testUtils'))

const NOW = Date.UTC(2026, 0, 5, 9)

beforeEach(async () => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] })
  vi.setSystemTime(NOW)
  await i18n.changeLanguage('en')
})
afterEach(async () => {
  vi.useRealTimers()
  await i18n.changeLanguage('zh')
})

const row = (over: Partial<DeskRow> = {}): DeskRow => ({ ...makeSession(over), lastFromMe: false }) as DeskRow

describe('a session’s risk tag on the desk', () => {
  it('the chat header shows in risk control until the window reopens, then unlocked for a day, then nothing', () => {
    const session = makeSession({ risk: 'controlled', riskLocked: false, riskHoldUntil: NOW + 60_000 })
    renderWithProviders(<ChatHeader session={session} actions={null} />)
    expect(screen.getByTestId('desk-chat-flag-risk')).toHaveTextContent('Under risk control')
    expect(screen.queryByTestId('desk-chat-flag-risk-unlocked')).toBeNull()
    act(() => {
      vi.advanceTimersByTime(61_000)
    })
    expect(screen.queryByTestId('desk-chat-flag-risk')).toBeNull()
    expect(screen.getByTestId('desk-chat-flag-risk-unlocked')).toHaveTextContent('Unlocked')
    act(() => {
      vi.advanceTimersByTime(SESSION_RISK_UNLOCKED_MS)
    })
    expect(screen.queryByTestId('desk-chat-flag-risk-unlocked')).toBeNull()
    expect(screen.queryByTestId('desk-chat-flag-risk')).toBeNull()
  })

  it('a tenant under risk control or a time-locked account stays in risk control whatever the windows', () => {
    const session = makeSession({ risk: 'controlled', riskLocked: true, riskHoldUntil: NOW - 1000 })
    renderWithProviders(<ChatHeader session={session} actions={null} />)
    expect(screen.getByTestId('desk-chat-flag-risk')).toHaveTextContent('Under risk control')
    expect(screen.queryByTestId('desk-chat-flag-risk-unlocked')).toBeNull()
  })

  it('the session row flags unlocked, then in risk control again when a refusal holds its account', () => {
    const unlocked = row({ risk: 'unlocked', riskLocked: false, riskHoldUntil: NOW - 1000 })
    const { rerender } = renderWithProviders(
      <SessionRow row={unlocked} selected={false} onSelect={() => undefined} actions={null} />,
    )
    expect(screen.getByTestId('desk-flag-risk-unlocked')).toHaveAttribute('aria-label', 'Unlocked')
    expect(screen.queryByTestId('desk-flag-risk')).toBeNull()
    // the refusal's event carries when the window reopens; every session of the account is held
    const held = holdAccount(unlocked, unlocked.accountId, NOW + 3_600_000)
    expect(holdAccount(unlocked, unlocked.accountId + 1, NOW + 3_600_000)).toBe(unlocked)
    expect(holdAccount(held, held.accountId, NOW + 60_000)).toBe(held)
    rerender(<SessionRow row={held} selected={false} onSelect={() => undefined} actions={null} />)
    expect(screen.getByTestId('desk-flag-risk')).toHaveAttribute('aria-label', 'Under risk control')
  })
})
