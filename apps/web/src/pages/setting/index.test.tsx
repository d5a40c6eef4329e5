import { Role, type TenantSettingsView } from '@app/core'
import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { i18n } from '../../i18n'
import { fakeFeedback } from '../../test/feedback'
import { fakeServer, ok } from '../../test/fixtures'
import { renderWithProviders, signInAs } from '../../test/testUtils'
import SettingPage from './index'

const VIEW: TenantSettingsView = {
  pageTitle: 'Acme',
  targetLanguage: '',
  autoTranslate: false,
  optOutWords: null,
  platformOptOutWords: ['STOP', '退订', 'unsubscribe'],
  notifySound: true,
  notifyDesktop: false,
  agentExport: true,
  optOutInvalid: false,
  ai: {
    enabled: false,
    baseUrl: '',
    apiKeySet: false,
    apiKeyHint: '',
    model: '',
    systemPrompt: '',
    replyDelay: 5,
    contextMessages: 10,
    dailyReplies: 500,
    dailyTokens: 0,
  },
  aiUsage: { replies: 3, tokens: 120, failures: 1 },
}

function server(view: TenantSettingsView = VIEW) {
  return fakeServer({
    '/damai/customer/tenantSetting/get': () => ok(view),
    '/damai/customer/tenantSetting/update': () => ok(view),
    '/damai/customer/tenantSetting/display': () => ok({ ...view }),
  })
}
const saves = (adapter: ReturnType<typeof server>) =>
  adapter.mock.calls.map(([c]) => c).filter((c) => c.url === '/damai/customer/tenantSetting/update')

beforeEach(async () => {
  await i18n.changeLanguage('en')
  signInAs([Role.customerMaster])
  fakeFeedback()
})
afterEach(() => i18n.changeLanguage('zh'))

describe('the settings page', () => {
  it('shows the platform opt-out words in force and today’s AI use', { timeout: 20_000 }, async () => {
    server()
    renderWithProviders(<SettingPage />)
    expect(screen.getByRole('heading', { level: 1, name: 'Settings' })).toBeInTheDocument()
    await waitFor(() => expect(screen.getByTestId('settings-page-title')).toHaveValue('Acme'))
    expect(screen.getByText('Use the platform default: STOP, 退订, unsubscribe')).toBeInTheDocument()
    expect(screen.getByTestId('settings-ai-usage')).toHaveTextContent(
      'Today: 3 replies, 120 tokens, 1 provider failures',
    )
  })

  it('refuses a bad page title and an AI provider without address or model, and sends nothing', {
    timeout: 20_000,
  }, async () => {
    const adapter = server()
    renderWithProviders(<SettingPage />)
    await waitFor(() => expect(screen.getByTestId('settings-page-title')).toHaveValue('Acme'))
    fireEvent.change(screen.getByTestId('settings-page-title'), { target: { value: 'x'.repeat(51) } })
    fireEvent.click(screen.getByTestId('settings-ai-enabled'))
    fireEvent.click(screen.getByTestId('settings-save'))
    expect(await screen.findByText('The page title is at most 50 characters')).toBeInTheDocument()
    expect(await screen.findByText('Enter the API address to turn AI reply on')).toBeInTheDocument()
    expect(await screen.findByText('Enter the model name to turn AI reply on')).toBeInTheDocument()
    expect(saves(adapter)).toHaveLength(0)
  })

  it('asks for at least one word when the tenant uses its own opt-out words', {
    timeout: 20_000,
  }, async () => {
    const adapter = server()
    renderWithProviders(<SettingPage />)
    await waitFor(() => expect(screen.getByTestId('settings-page-title')).toHaveValue('Acme'))
    fireEvent.click(
      within(screen.getByTestId('settings-opt-out-mode')).getByText('Use our own opt-out words'),
    )
    await waitFor(() => expect(screen.getByTestId('settings-opt-out-words')).toBeInTheDocument())
    fireEvent.click(screen.getByTestId('settings-save'))
    expect(
      await screen.findByText('Enter at least one opt-out word, or use the platform default'),
    ).toBeInTheDocument()
    expect(saves(adapter)).toHaveLength(0)
  })

  it('saves the provider; an empty key field keeps the stored key', { timeout: 20_000 }, async () => {
    const adapter = server({
      ...VIEW,
      ai: {
        ...VIEW.ai,
        enabled: true,
        baseUrl: 'https://ai.example/v1',
        model: 'm1',
        apiKeySet: true,
        apiKeyHint: 'wxyz',
      },
    })
    renderWithProviders(<SettingPage />)
    await waitFor(() => expect(screen.getByTestId('settings-ai-url')).toHaveValue('https://ai.example/v1'))
    expect(screen.getByText('A key ending in wxyz is saved; leave empty to keep it')).toBeInTheDocument()
    fireEvent.change(screen.getByTestId('settings-ai-prompt'), { target: { value: 'Be brief.' } })
    fireEvent.click(screen.getByTestId('settings-agent-export'))
    fireEvent.click(screen.getByTestId('settings-save'))
    await waitFor(() => expect(saves(adapter)).toHaveLength(1))
    const body = JSON.parse(saves(adapter)[0]?.data)
    expect(body.ai).toEqual({
      enabled: true,
      baseUrl: 'https://ai.example/v1',
      model: 'm1',
      systemPrompt: 'Be brief.',
      replyDelay: 5,
      contextMessages: 10,
      dailyReplies: 500,
      dailyTokens: 0,
    })
    expect(body).toMatchObject({ pageTitle: 'Acme', optOutWords: null, agentExport: false })
  })
})
