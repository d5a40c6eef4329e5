import {
  type BusinessHoursBody,
  DEFAULT_BUSINESS_HOURS,
  DEFAULT_SATISFACTION,
  DEFAULT_SERVICE_LEVEL,
  Role,
  type SatisfactionBody,
  type ServiceLevelBody,
  TenantSettingsPath,
} from '@app/core'
import { configure, fireEvent, screen, waitFor, within } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { i18n } from '../../i18n'
import { FakeServer } from '../../test/fakeServer'
import { fakeFeedback } from '../../test/feedback'
import { renderWithProviders, signInAs } from '../../test/testUtils'
import SettingPage from './index'

configure({ asyncUtilTimeout: 5000 })

const P = {
  slaGet: '/damai/customer/serviceLevel/get',
  slaPut: '/damai/customer/serviceLevel/update',
  hoursGet: '/damai/customer/businessHours/get',
  hoursPut: '/damai/customer/businessHours/update',
  surveyGet: '/damai/customer/satisfaction/get',
  surveyPut: '/damai/customer/satisfaction/update',
}
const HOURS: BusinessHoursBody = {
  ...DEFAULT_BUSINESS_HOURS,
  enabled: true,
  holidays: ['2025-01-01', '2025-10-01'],
}

let server: FakeServer

beforeEach(async () => {
  await i18n.changeLanguage('en')
  signInAs([Role.customerMaster])
  fakeFeedback()
  // each save answers with what was sent, as the server does once it has stored it
  server = new FakeServer()
    .reply('get', TenantSettingsPath.get, null)
    .reply('get', P.slaGet, {
      ...DEFAULT_SERVICE_LEVEL,
      groups: [
        { groupId: 4, name: 'VIP', firstResponseMinutes: 2, nextResponseMinutes: null, agentIds: [11] },
      ],
    })
    .reply('get', P.hoursGet, HOURS)
    .reply('get', P.surveyGet, DEFAULT_SATISFACTION)
    .on('put', P.slaPut, ({ body }) => body)
    .on('put', P.hoursPut, ({ body }) => body)
    .on('put', P.surveyPut, ({ body }) => body)
})
afterEach(async () => {
  server.close()
  await i18n.changeLanguage('zh')
})

/** The settings page on its service tab, once every card has read its part. */
async function openServiceTab(rendered = false) {
  if (!rendered) renderWithProviders(<SettingPage />)
  fireEvent.click(await screen.findByRole('tab', { name: 'Service' }))
  await waitFor(() => expect(screen.getByTestId('support-sla-first')).toHaveValue('5'))
  await waitFor(() => expect(screen.getByTestId('support-week-0-from')).toHaveValue('09:00'))
  await waitFor(() => expect(screen.getByTestId('support-survey-zh')).toHaveValue('您对本次服务满意吗？'))
}
const type = (testId: string, value: string) =>
  fireEvent.change(screen.getByTestId(testId), { target: { value } })

describe('the settings page’s tabs', { timeout: 40_000 }, () => {
  it('opens on the general form and shows the service cards on the service tab', async () => {
    renderWithProviders(<SettingPage />)
    expect(await screen.findByRole('tab', { name: 'General' })).toHaveAttribute('aria-selected', 'true')
    expect(await screen.findByTestId('settings-form')).toBeInTheDocument()
    await openServiceTab(true)
    for (const title of ['Service levels', 'Business hours', 'Satisfaction survey'])
      expect(screen.getAllByText(title).length).toBeGreaterThan(0)
  })
})

describe('the service level card', { timeout: 40_000 }, () => {
  it('refuses a target outside 1–1440 minutes, then saves the targets', async () => {
    await openServiceTab()
    // the groups with targets of their own are named, to be changed where they are set
    expect(screen.getByTestId('support-sla-groups')).toHaveTextContent(
      'Groups with targets of their own: VIP',
    )
    type('support-sla-first', '0')
    fireEvent.click(screen.getByTestId('support-sla-save'))
    expect(
      await screen.findByText('The first response target is a whole number of minutes from 1 to 1440'),
    ).toBeInTheDocument()
    expect(server.calls('put', P.slaPut)).toEqual([])
    type('support-sla-first', '10')
    fireEvent.click(screen.getByTestId('support-sla-enabled'))
    fireEvent.click(screen.getByTestId('support-sla-save'))
    await waitFor(() => expect(server.calls('put', P.slaPut)).toHaveLength(1))
    expect(server.calls('put', P.slaPut)[0]).toEqual({
      firstResponseMinutes: 10,
      nextResponseMinutes: 15,
      enabled: true,
    } satisfies ServiceLevelBody)
  })
})

describe('the business hours card', { timeout: 40_000 }, () => {
  it('refuses a day that closes before it opens and an away message turned on without text', async () => {
    await openServiceTab()
    type('support-week-1-from', '19:00')
    fireEvent.click(screen.getByTestId('support-away-enabled'))
    fireEvent.click(screen.getByTestId('support-hours-save'))
    expect(await screen.findByText('The closing time must be after the opening time')).toBeInTheDocument()
    expect(await screen.findByText('Enter the away message to turn it on')).toBeInTheDocument()
    expect(server.calls('put', P.hoursPut)).toEqual([])
  })

  it('saves the week, the holidays and the away message', async () => {
    await openServiceTab()
    type('support-week-0-from', '10:00')
    type('support-week-4-to', '24:00')
    fireEvent.click(screen.getByTestId('support-week-5-open'))
    fireEvent.click(screen.getByLabelText('Remove 2025-01-01'))
    const picker = screen.getByLabelText('Add a holiday')
    fireEvent.mouseDown(picker)
    fireEvent.focus(picker)
    fireEvent.change(picker, { target: { value: '2025-05-01' } })
    fireEvent.keyDown(picker, { key: 'Enter', code: 'Enter', keyCode: 13 })
    await waitFor(() =>
      expect(within(screen.getByTestId('support-holidays')).getByText('2025-05-01')).toBeInTheDocument(),
    )
    fireEvent.click(screen.getByTestId('support-away-enabled'))
    type('support-away-message', 'We are closed, back at 9:00')
    type('support-away-once', '12')
    fireEvent.click(screen.getByTestId('support-hours-save'))
    await waitFor(() => expect(server.calls('put', P.hoursPut)).toHaveLength(1))
    const week = DEFAULT_BUSINESS_HOURS.week.map((d) => ({ ...d }))
    week[0] = { open: true, from: '10:00', to: '18:00' }
    week[4] = { open: true, from: '09:00', to: '24:00' }
    week[5] = { open: true, from: '09:00', to: '18:00' }
    expect(server.calls('put', P.hoursPut)[0]).toEqual({
      ...HOURS,
      week,
      holidays: ['2025-05-01', '2025-10-01'],
      awayEnabled: true,
      awayMessage: 'We are closed, back at 9:00',
      awayOncePerHours: 12,
    } satisfies BusinessHoursBody)
    expect(within(screen.getByTestId('support-holidays')).queryByText('2025-01-01')).not.toBeInTheDocument()
  })
})

describe('the satisfaction card', { timeout: 40_000 }, () => {
  it('needs the question in the language sent, previews it, and saves', async () => {
    await openServiceTab()
    fireEvent.click(screen.getByTestId('support-survey-enabled'))
    fireEvent.click(within(screen.getByTestId('support-survey-language')).getByText('English'))
    type('support-survey-en', '')
    fireEvent.click(screen.getByTestId('support-survey-save'))
    expect(
      await screen.findByText('Enter the question in the chosen language to turn the survey on'),
    ).toBeInTheDocument()
    expect(server.calls('put', P.surveyPut)).toEqual([])
    type('support-survey-en', 'How did we do?')
    await waitFor(() =>
      expect(screen.getByTestId('support-survey-preview')).toHaveTextContent(
        'How did we do? Reply 1–5 (5 = very satisfied)',
      ),
    )
    fireEvent.click(screen.getByTestId('support-survey-save'))
    await waitFor(() => expect(server.calls('put', P.surveyPut)).toHaveLength(1))
    expect(server.calls('put', P.surveyPut)[0]).toEqual({
      enabled: true,
      question: { zh: '您对本次服务满意吗？', en: 'How did we do?' },
      language: 'en',
    } satisfies SatisfactionBody)
  })
})
