import { ErrorCode, Role } from '@app/core'
import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { i18n } from '../../../i18n'
import { FakeServer, Refusal } from '../../../test/fakeServer'
import { fakeFeedback } from '../../../test/feedback'
import { renderWithProviders, signInAs } from '../../../test/testUtils'
import { IntegrationsSettings } from './IntegrationsSettings'
import { makeKey, P } from './testData'

let server: FakeServer

beforeEach(async () => {
  await i18n.changeLanguage('en')
  signInAs([Role.customerMaster])
  fakeFeedback()
  server = new FakeServer().reply('get', P.hooks, { list: [] })
})
afterEach(async () => {
  server.close()
  await i18n.changeLanguage('zh')
})

const type = (testId: string, value: string) =>
  fireEvent.change(screen.getByTestId(testId), { target: { value } })

async function openNewKeyForm() {
  renderWithProviders(<IntegrationsSettings />)
  fireEvent.click(await screen.findByTestId('api-key-new'))
  return screen.findByTestId('api-key-form')
}

describe('the API keys card', { timeout: 40_000 }, () => {
  it('shows a server refusal of a field on that field and keeps what was typed', async () => {
    server.reply('get', P.keys, { list: [] }).on('post', P.keyCreate, () => {
      throw new Refusal(ErrorCode.badRequest, 'Enter a valid IP address', {
        issues: [{ path: 'allowedIps.0', message: 'Enter a valid IP address or block (server)' }],
      })
    })
    await openNewKeyForm()
    type('api-key-name', 'Order system')
    fireEvent.click(screen.getByTestId('api-key-form-submit'))
    expect(await screen.findByText('Enter a valid IP address or block (server)')).toBeInTheDocument()
    expect(server.calls('post', P.keyCreate)).toHaveLength(1)
    expect(screen.getByTestId('api-key-name')).toHaveValue('Order system')
    expect(screen.queryByTestId('api-key-secret')).not.toBeInTheDocument()
  })

  it('checks the form by the contract before sending', async () => {
    server.reply('get', P.keys, { list: [] })
    await openNewKeyForm()
    fireEvent.click(within(screen.getByTestId('api-key-scopes')).getByText('Read'))
    fireEvent.click(screen.getByTestId('api-key-form-submit'))
    expect(await screen.findByText('Enter a name for the key')).toBeInTheDocument()
    expect(await screen.findByText('Choose at least one permission')).toBeInTheDocument()
    expect(server.calls('post', P.keyCreate)).toEqual([])
  })

  it('creates a key, shows its secret once, and lists it', async () => {
    const made = makeKey({
      id: 2,
      name: 'Shop',
      prefix: 'wsk_Zz99yy',
      scopes: ['read', 'customers'],
      allowedIps: [],
    })
    let list = [makeKey()]
    server
      .on('get', P.keys, () => ({ list }))
      .on('post', P.keyCreate, () => {
        list = [made, ...list]
        return { key: made, secret: 'wsk_Zz99yy_full-secret' }
      })
    await openNewKeyForm()
    expect(await screen.findByTestId('api-key-row-1')).toHaveTextContent('wsk_Ab12cd…')
    type('api-key-name', 'Shop')
    fireEvent.click(within(screen.getByTestId('api-key-scopes')).getByText('Customers'))
    fireEvent.click(screen.getByTestId('api-key-form-submit'))
    const secret = await screen.findByTestId('api-key-secret')
    expect(within(secret).getByTestId('api-key-secret-value')).toHaveTextContent('wsk_Zz99yy_full-secret')
    expect(within(secret).getByText(/This is the only time it is shown/)).toBeInTheDocument()
    expect(within(secret).getByRole('button', { name: 'Copy' })).toBeInTheDocument()
    expect(server.calls('post', P.keyCreate)).toEqual([
      { name: 'Shop', scopes: ['read', 'customers'], allowedIps: [], expiresAt: null },
    ])
    const row = await screen.findByTestId('api-key-row-2')
    expect(row).toHaveTextContent('Shop')
    expect(row).toHaveTextContent('wsk_Zz99yy…')
    expect(row).not.toHaveTextContent('full-secret')
    expect(server.calls('get', P.keys)).toHaveLength(2)
  })

  it('revokes a key after confirming, and offers no revoke on a revoked one', async () => {
    let list = [makeKey(), makeKey({ id: 3, name: 'Old', revokedAt: Date.now() - 1000 })]
    server
      .on('get', P.keys, () => ({ list }))
      .on('put', P.keyRevoke, ({ body }) => {
        list = list.map((k) => (k.id === body.id ? { ...k, revokedAt: Date.now() } : k))
        return list.find((k) => k.id === body.id)
      })
    renderWithProviders(<IntegrationsSettings />)
    expect(await screen.findByTestId('api-key-row-3')).toHaveTextContent('Revoked')
    expect(screen.queryByTestId('api-key-revoke-3')).not.toBeInTheDocument()
    expect(screen.getByTestId('api-key-row-1')).toHaveTextContent('Active')
    fireEvent.click(screen.getByTestId('api-key-revoke-1'))
    const confirm = await screen.findByText('Revoke the key "Order system"?')
    const pop = confirm.closest('.ant-popover') as HTMLElement
    fireEvent.click(within(pop).getByRole('button', { name: 'Revoke' }))
    await waitFor(() => expect(server.calls('put', P.keyRevoke)).toEqual([{ id: 1 }]))
    await waitFor(() => expect(screen.getByTestId('api-key-row-1')).toHaveTextContent('Revoked'))
  })

  it('links the API reference and the OpenAPI document in a new tab', async () => {
    server.reply('get', P.keys, { list: [] })
    renderWithProviders(<IntegrationsSettings />)
    expect(await screen.findByTestId('api-keys-empty')).toHaveTextContent('No API keys yet')
    expect(screen.getByTestId('api-docs-link')).toHaveAttribute('href', '/api/v1/docs')
    expect(screen.getByTestId('api-docs-link')).toHaveAttribute('target', '_blank')
    expect(screen.getByTestId('api-openapi-link')).toHaveAttribute('href', '/api/v1/openapi.json')
  })
})
