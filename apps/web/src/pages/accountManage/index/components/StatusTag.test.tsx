import { AbnormalReason, type AbnormalReasonValue, ACCOUNT_STATES, type AccountStateValue } from '@app/core'
import { render, screen, within } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { i18n } from '../../../../i18n'
import { makeAccount } from '../../../../test/fixtures'
import { formatDate } from '../../../../utils/date'
import { StatusTag } from './StatusTag'

const NOW = Date.UTC(2026, 2, 1, 12)

const tag = (overrides: Parameters<typeof makeAccount>[0]) => {
  const view = render(<StatusTag account={makeAccount({ id: 5, ...overrides })} now={NOW} />)
  return within(view.container).getByTestId('account-status-5')
}

beforeEach(() => i18n.changeLanguage('en'))
afterEach(() => i18n.changeLanguage('zh'))

describe('account status tag', () => {
  it.each<[AccountStateValue, string]>([
    ['offline', 'Offline'],
    ['logging_in', 'Logging in'],
    ['online', 'Online'],
    ['abnormal', 'Abnormal'],
    ['banned', 'Banned'],
  ])('names the state %s', (status, text) => {
    const el = tag({ status })
    expect(el).toHaveTextContent(text)
    expect(el).toHaveAttribute('data-status', status)
  })

  it('covers every state of the core enum', () => {
    expect([...ACCOUNT_STATES].sort()).toEqual(['abnormal', 'banned', 'logging_in', 'offline', 'online'])
  })

  it.each<[AbnormalReasonValue, string]>([
    [AbnormalReason.networkFault, 'Abnormal: Network fault'],
    [AbnormalReason.pushedOut, 'Abnormal: Pushed out'],
    [AbnormalReason.keyError, 'Abnormal: Key error'],
    [AbnormalReason.deviceRemoved, 'Abnormal: Device removed'],
    [AbnormalReason.updateRequired, 'Abnormal: WhatsApp requires an update'],
  ])('gives the abnormal reason %s', (reason, text) => {
    expect(tag({ status: 'abnormal', abnormalReason: reason })).toHaveTextContent(text)
  })

  it('has a text for every abnormal reason of the core enum, in both languages', async () => {
    for (const lang of ['zh', 'en']) {
      await i18n.changeLanguage(lang)
      for (const reason of Object.values(AbnormalReason)) {
        const key = `account.reasons.${reason}`
        expect(i18n.exists(key)).toBe(true)
        expect(i18n.t(key)).not.toBe(key)
      }
    }
  })

  it('shows when a banned account was banned', () => {
    const bannedAt = Date.UTC(2026, 1, 14, 9, 30)
    expect(tag({ status: 'banned', bannedAt })).toHaveTextContent(`Banned at ${formatDate(bannedAt)}`)
  })

  it('shows the reach-out time-lock of an online account, and nothing once it is over', () => {
    const until = NOW + 3_600_000
    expect(tag({ status: 'online', restrictedUntil: until })).toHaveTextContent(
      `New chats restricted until ${formatDate(until)}`,
    )
    expect(tag({ status: 'online', restrictedUntil: 0 })).toHaveTextContent(
      'New chats restricted (end unknown)',
    )
    expect(tag({ status: 'online', restrictedUntil: NOW - 1 })).toHaveTextContent(/^Online$/)
  })

  it('speaks Chinese by default', async () => {
    await i18n.changeLanguage('zh')
    render(<StatusTag account={makeAccount({ id: 6, status: 'abnormal', abnormalReason: 'pushed_out' })} />)
    expect(screen.getByTestId('account-status-6')).toHaveTextContent('异常：被挤下线')
  })
})
