import { ErrorCode, Role, type WebhookView } from '@app/core'
import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { i18n } from '../../../i18n'
import { FakeServer, Refusal } from '../../../test/fakeServer'
import { fakeFeedback } from '../../../test/feedback'
import { renderWithProviders, signInAs } from '../../../test/testUtils'
import { IntegrationsSettings } from './IntegrationsSettings'
import { makeDelivery, makeHook, P } from './testData'

let server: FakeServer

beforeEach(async () => {
  await i18n.changeLanguage('en')
  signInAs([Role.customerMaster])
  fakeFeedback()
  server = new FakeServer().reply('get', P.keys, { list: [] })
})
afterEach(async () => {
  server.close()
  await i18n.changeLanguage('zh')
})

const type = (testId: string, value: string) =>
  fireEvent.change(screen.getByTestId(testId), { target: { value } })

/** The tab with these endpoints, once they are listed. */
async function renderWith(list: WebhookView[]) {
  server.on('get', P.hooks, () => ({ list }))
  renderWithProviders(<IntegrationsSettings />)
  if (list[0]) await screen.findByTestId(`webhook-row-${list[0].id}`)
  else await screen.findByTestId('webhooks-empty')
}

describe('the webhooks card', { timeout: 40_000 }, () => {
  it('puts a refused address on the address field', async () => {
    server.on('post', P.hook, () => {
      throw new Refusal(ErrorCode.outboundAddressPrivate, 'The address points into a private network')
    })
    await renderWith([])
    fireEvent.click(screen.getByTestId('webhook-new'))
    await screen.findByTestId('webhook-form')
    type('webhook-url', 'http://10.0.0.5/hook')
    fireEvent.click(within(screen.getByTestId('webhook-events')).getByText('Message received'))
    fireEvent.click(screen.getByTestId('webhook-form-submit'))
    expect(await screen.findByText('The address points into a private network')).toBeInTheDocument()
    expect(screen.queryByTestId('webhook-secret')).not.toBeInTheDocument()
  })

  it('adds an endpoint and shows its signing secret once, with how to verify it', async () => {
    const made = makeHook({
      id: 6,
      url: 'https://shop.example/wh',
      description: '',
      events: ['customer.created'],
    })
    server.on('post', P.hook, () => ({ endpoint: made, secret: 'whsec_c2VjcmV0' }))
    await renderWith([makeHook()])
    fireEvent.click(screen.getByTestId('webhook-new'))
    await screen.findByTestId('webhook-form')
    type('webhook-url', 'https://shop.example/wh')
    fireEvent.click(within(screen.getByTestId('webhook-events')).getByText('Customer created'))
    fireEvent.click(screen.getByTestId('webhook-form-submit'))
    const secret = await screen.findByTestId('webhook-secret')
    expect(within(secret).getByTestId('webhook-secret-value')).toHaveTextContent('whsec_c2VjcmV0')
    expect(secret).toHaveTextContent('This is the only time it is shown')
    expect(secret).toHaveTextContent('webhook-signature header (Standard Webhooks format)')
    expect(server.calls('post', P.hook)).toEqual([
      { url: 'https://shop.example/wh', events: ['customer.created'], description: '' },
    ])
    await waitFor(() => expect(server.calls('get', P.hooks)).toHaveLength(2))
  })

  it('says an endpoint turned off after a day of failures in red, and turns it on again', async () => {
    const since = Date.UTC(2026, 0, 5, 9)
    const off = makeHook({ enabled: false, disabledReason: 'failing', failingSince: since, pending: 3 })
    server.on('put', P.hook, ({ body }) => ({ ...off, ...body, disabledReason: null, failingSince: null }))
    await renderWith([off])
    const row = screen.getByTestId('webhook-row-5')
    const status = within(row).getByText(/Off: failed for a day/)
    expect(status).toHaveClass('ant-tag-error')
    const toggle = within(row).getByRole('switch', { name: 'Turn https://crm.example/hooks/ws on or off' })
    fireEvent.click(toggle)
    await waitFor(() => expect(server.calls('put', P.hook)).toEqual([{ id: 5, enabled: true }]))
  })

  it('edits an endpoint’s address, events and description', async () => {
    server.on('put', P.hook, ({ body }) => ({ ...makeHook(), ...body }))
    await renderWith([makeHook()])
    fireEvent.click(screen.getByTestId('webhook-edit-5'))
    await waitFor(() => expect(screen.getByTestId('webhook-url')).toHaveValue('https://crm.example/hooks/ws'))
    type('webhook-url', 'https://crm.example/hooks/v2')
    fireEvent.click(within(screen.getByTestId('webhook-events')).getByText('Session status changed'))
    type('webhook-description', 'CRM v2')
    fireEvent.click(screen.getByTestId('webhook-form-submit'))
    await waitFor(() =>
      expect(server.calls('put', P.hook)).toEqual([
        { id: 5, url: 'https://crm.example/hooks/v2', events: ['message.received'], description: 'CRM v2' },
      ]),
    )
  })

  it('deletes an endpoint after confirming', async () => {
    server.on('delete', P.hook, () => null)
    await renderWith([makeHook()])
    fireEvent.click(screen.getByTestId('webhook-delete-5'))
    const pop = (await screen.findByText('Delete this endpoint?')).closest('.ant-popover') as HTMLElement
    fireEvent.click(within(pop).getByRole('button', { name: 'Delete' }))
    await waitFor(() => expect(server.calls('delete', P.hook)).toEqual([{ id: 5 }]))
  })

  it('lists an endpoint’s deliveries, loads more by cursor, shows a body, and sends one again', async () => {
    const first = [
      makeDelivery({ id: 102 }),
      makeDelivery({ id: 101, state: 'failed', lastStatus: null, lastError: 'connect ECONNREFUSED' }),
    ]
    const second = [makeDelivery({ id: 100, state: 'delivered', lastStatus: 200, deliveredAt: Date.now() })]
    server
      .on('get', P.deliveries, ({ params }) =>
        params.cursor === '101' ? { list: second, nextCursor: null } : { list: first, nextCursor: '101' },
      )
      .on('post', P.redeliver, ({ body }) =>
        makeDelivery({ id: Number(body.id), state: 'pending', attempts: 3 }),
      )
    await renderWith([makeHook()])
    fireEvent.click(screen.getByTestId('webhook-deliveries-5'))
    const failed = await screen.findByTestId('delivery-row-101')
    expect(failed).toHaveTextContent('evt_101')
    expect(failed).toHaveTextContent('Failed')
    expect(failed).toHaveTextContent('connect ECONNREFUSED')
    expect(server.calls('get', P.deliveries)[0]).toMatchObject({ endpointId: 5, pageSize: 20 })

    fireEvent.click(screen.getByTestId('deliveries-more'))
    expect(await screen.findByTestId('delivery-row-100')).toHaveTextContent('Delivered')
    expect(server.calls('get', P.deliveries)[1]).toMatchObject({ endpointId: 5, cursor: '101' })
    await waitFor(() => expect(screen.queryByTestId('deliveries-more')).not.toBeInTheDocument())

    fireEvent.click(within(screen.getByTestId('delivery-row-102')).getByRole('button', { name: /expand/i }))
    expect(await screen.findByTestId('delivery-body-102')).toHaveTextContent('"type": "message.received"')

    fireEvent.click(screen.getByTestId('delivery-resend-101'))
    await waitFor(() => expect(server.calls('post', P.redeliver)).toEqual([{ id: 101 }]))
    await waitFor(() => expect(screen.getByTestId('delivery-row-101')).toHaveTextContent('Pending'))
  })
})
