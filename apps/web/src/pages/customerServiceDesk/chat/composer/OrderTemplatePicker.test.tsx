import { fireEvent, screen } from '@testing-library/react'
import { useState } from 'react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import * as api from '../../../../api/merchants'
import { i18n } from '../../../../i18n'
import { renderWithProviders } from '../../../../test/testUtils'
import { OrderTemplatePicker } from './OrderTemplatePicker'

vi.mock('../../../../api/merchants', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../../../api/merchants')>()),
  orderTemplatesForChat: vi.fn(),
}))

/** The picker beside a text box, as in the chat composer. */
function Harness({ disabled = false }: { disabled?: boolean }) {
  const [text, setText] = useState('')
  return (
    <>
      <OrderTemplatePicker sessionId={42} disabled={disabled} onPick={setText} />
      <textarea data-testid="composer-text" value={text} onChange={(e) => setText(e.target.value)} />
    </>
  )
}

beforeEach(async () => {
  vi.clearAllMocks()
  await i18n.changeLanguage('en')
})
afterEach(() => i18n.changeLanguage('zh'))

describe('the order template picker in the composer', () => {
  it('puts the template, filled for the chat, in the text box', async () => {
    vi.mocked(api.orderTemplatesForChat).mockResolvedValue([
      {
        id: 1,
        name: 'Order confirmed',
        content: 'Hi {nickname}, your order for {phone} is confirmed on {date}',
        text: 'Hi Alice, your order for +447700100001 is confirmed on 2026-01-05',
      },
      { id: 2, name: 'Thanks', content: 'Thanks {nickname}', text: 'Thanks Alice' },
    ])
    renderWithProviders(<Harness />)
    // nothing is asked before the picker opens
    expect(api.orderTemplatesForChat).not.toHaveBeenCalled()
    fireEvent.click(screen.getByTestId('chat-order-template'))
    const items = await screen.findAllByTestId('chat-order-template-item')
    expect(api.orderTemplatesForChat).toHaveBeenCalledWith(42)
    expect(items.map((i) => i.textContent)).toEqual([
      expect.stringContaining('Order confirmed'),
      expect.stringContaining('Thanks'),
    ])
    fireEvent.click(items[0] as HTMLElement)
    expect(screen.getByTestId('composer-text')).toHaveValue(
      'Hi Alice, your order for +447700100001 is confirmed on 2026-01-05',
    )
  })

  it('says so when the tenant has no templates', async () => {
    vi.mocked(api.orderTemplatesForChat).mockResolvedValue([])
    renderWithProviders(<Harness />)
    fireEvent.click(screen.getByTestId('chat-order-template'))
    expect(await screen.findByText('No order templates yet')).toBeInTheDocument()
    expect(screen.getByTestId('composer-text')).toHaveValue('')
  })

  it('does not open while the composer is busy', async () => {
    renderWithProviders(<Harness disabled />)
    expect(screen.getByTestId('chat-order-template')).toBeDisabled()
    expect(api.orderTemplatesForChat).not.toHaveBeenCalled()
  })
})
