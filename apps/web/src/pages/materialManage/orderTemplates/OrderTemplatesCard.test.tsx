import type { OrderTemplateView } from '@app/core'
import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import * as api from '../../../api/merchants'
import { i18n } from '../../../i18n'
import { renderWithProviders } from '../../../test/testUtils'
import { OrderTemplatesCard } from './OrderTemplatesCard'

vi.mock('../../../api/merchants', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../../api/merchants')>()),
  pageOrderTemplates: vi.fn(),
  createOrderTemplate: vi.fn(),
  updateOrderTemplate: vi.fn(),
  deleteOrderTemplate: vi.fn(),
}))

const confirmed: OrderTemplateView = {
  id: 3,
  name: 'Order confirmed',
  content: 'Hi {nickname}, your order is confirmed',
  createdAt: Date.UTC(2026, 0, 1),
  updatedAt: Date.UTC(2026, 0, 2),
}

beforeEach(async () => {
  vi.clearAllMocks()
  await i18n.changeLanguage('en')
  vi.mocked(api.pageOrderTemplates).mockResolvedValue({ list: [confirmed], total: 1 })
  vi.mocked(api.createOrderTemplate).mockResolvedValue({ id: 4 })
  vi.mocked(api.updateOrderTemplate).mockResolvedValue(null)
  vi.mocked(api.deleteOrderTemplate).mockResolvedValue(null)
})
afterEach(() => i18n.changeLanguage('zh'))

const rowOf = async (name: string) => (await screen.findByText(name)).closest('tr') as HTMLElement

describe('the order templates card', { timeout: 20_000 }, () => {
  it('lists the templates and refuses an empty one with a clear message', async () => {
    renderWithProviders(<OrderTemplatesCard />)
    expect(await rowOf('Order confirmed')).toHaveTextContent('Hi {nickname}, your order is confirmed')
    fireEvent.click(screen.getByTestId('order-template-add'))
    fireEvent.change(await screen.findByTestId('order-template-name'), { target: { value: '   ' } })
    fireEvent.click(screen.getByTestId('order-template-save'))
    expect((await screen.findAllByText('This field is required')).length).toBeGreaterThanOrEqual(1)
    expect(api.createOrderTemplate).not.toHaveBeenCalled()
  })

  it('creates, edits and deletes a template', async () => {
    renderWithProviders(<OrderTemplatesCard />)
    await rowOf('Order confirmed')
    fireEvent.click(screen.getByTestId('order-template-add'))
    fireEvent.change(await screen.findByTestId('order-template-name'), { target: { value: 'Shipped' } })
    fireEvent.change(screen.getByTestId('order-template-content'), {
      target: { value: 'Your parcel left today, {nickname}' },
    })
    fireEvent.click(screen.getByTestId('order-template-save'))
    await waitFor(() =>
      expect(api.createOrderTemplate).toHaveBeenCalledWith({
        name: 'Shipped',
        content: 'Your parcel left today, {nickname}',
      }),
    )
    await waitFor(() => expect(api.pageOrderTemplates).toHaveBeenCalledTimes(2))

    fireEvent.click(within(await rowOf('Order confirmed')).getByRole('button', { name: 'Edit' }))
    const name = await screen.findByTestId('order-template-name')
    await waitFor(() => expect(name).toHaveValue('Order confirmed'))
    fireEvent.change(name, { target: { value: 'Order confirmed (EU)' } })
    fireEvent.click(screen.getByTestId('order-template-save'))
    await waitFor(() =>
      expect(api.updateOrderTemplate).toHaveBeenCalledWith(3, {
        name: 'Order confirmed (EU)',
        content: 'Hi {nickname}, your order is confirmed',
      }),
    )

    fireEvent.click(within(await rowOf('Order confirmed')).getByRole('button', { name: 'Delete' }))
    const pop = await screen.findByRole('tooltip')
    fireEvent.click(within(pop).getByRole('button', { name: /OK|Yes|Delete/ }))
    await waitFor(() => expect(api.deleteOrderTemplate).toHaveBeenCalled())
    expect(vi.mocked(api.deleteOrderTemplate).mock.calls[0]?.[0]).toBe(3)
  })
})
