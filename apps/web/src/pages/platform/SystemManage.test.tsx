import type { SystemStatusView } from '@app/core'
import { screen, waitFor } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { i18n } from '../../i18n'
import { fakeServer, ok } from '../../test/fixtures'
import { renderWithProviders } from '../../test/testUtils'
import { formatDate } from '../../utils/date'
import SystemManage from './SystemManage'

const FETCHED_AT = Date.UTC(2026, 10, 28, 8)

function status(whatsapp: SystemStatusView['whatsapp']): SystemStatusView {
  return {
    version: '2.4.33',
    database: { kind: 'sqlite', sizeBytes: 1_048_576 },
    startedAt: FETCHED_AT,
    uptimeMs: 3_600_000,
    accounts: { online: 3, abnormal: 2 },
    outbox: { pending: 0, oldestAgeMs: null },
    tenants: 2,
    users: 9,
    whatsapp,
  }
}

function server(whatsapp: SystemStatusView['whatsapp']) {
  return fakeServer({
    '/damai/admin/systemSetting/get': () =>
      ok({
        siteName: 'WS Desk',
        defaultLanguage: 'zh',
        translateUrl: '',
        translateApiKeySet: false,
        mapTileUrl: '',
        optOutWords: [],
      }),
    '/damai/admin/systemStatus/get': () => ok(status(whatsapp)),
  })
}

beforeEach(() => i18n.changeLanguage('en'))
afterEach(() => i18n.changeLanguage('zh'))

describe('the admin status panel: the WhatsApp link', () => {
  it('names the WhatsApp Web version in use and where it came from, and warns of numbers WhatsApp refuses', async () => {
    server({ version: '2.3000.1027123456', source: 'fetched', fetchedAt: FETCHED_AT, updateRequired: 2 })
    renderWithProviders(<SystemManage />)
    expect(screen.getByRole('heading', { level: 1, name: 'System' })).toBeInTheDocument()
    // the page's two parts, each a card with its heading
    expect(screen.getByRole('heading', { level: 2, name: 'Platform settings' })).toBeInTheDocument()
    expect(screen.getByRole('heading', { level: 2, name: 'System status' })).toBeInTheDocument()
    await waitFor(() =>
      expect(screen.getByTestId('system-wa-version')).toHaveTextContent(
        `2.3000.1027123456 (fetched, ${formatDate(FETCHED_AT)})`,
      ),
    )
    expect(screen.getByTestId('system-update-required')).toHaveTextContent('2')
    expect(screen.getByTestId('system-update-required-alert')).toHaveTextContent(
      'WhatsApp refuses the client version for 2 numbers',
    )
  })

  it('on the simulated network: no version, and no alert while no number needs an update', async () => {
    server({ version: null, source: null, fetchedAt: null, updateRequired: 0 })
    renderWithProviders(<SystemManage />)
    await waitFor(() =>
      expect(screen.getByTestId('system-wa-version')).toHaveTextContent('Simulated network'),
    )
    expect(screen.queryByTestId('system-update-required-alert')).toBeNull()
  })
})
