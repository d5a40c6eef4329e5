import { fireEvent, screen, waitFor } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { i18n } from '../../../../i18n'
import { makeAccount } from '../../../../test/fixtures'
import { renderWithProviders } from '../../../../test/testUtils'
import { ProxyModal } from './ProxyModal'

const row = makeAccount({ id: 3, proxy: '1.2.3.4:8080:user:******' })

function renderModal() {
  const onSubmit = vi.fn(async (_proxy: string) => undefined)
  const onClose = vi.fn()
  renderWithProviders(<ProxyModal open rows={[row]} onClose={onClose} onSubmit={onSubmit} />)
  return { onSubmit, onClose }
}

const type = (value: string) =>
  fireEvent.change(screen.getByTestId('account-proxy-input'), { target: { value } })

beforeEach(() => i18n.changeLanguage('en'))
afterEach(() => i18n.changeLanguage('zh'))

describe('proxy dialog', () => {
  it('shows the current proxy with its password masked', () => {
    renderModal()
    expect(screen.getByText('Current proxy: 1.2.3.4:8080:user:******')).toBeInTheDocument()
  })

  it('refuses a malformed proxy with a clear message and sends nothing', async () => {
    const { onSubmit, onClose } = renderModal()
    type('1.2.3.4:8080:user')
    fireEvent.click(screen.getByTestId('account-proxy-save'))
    expect(
      await screen.findByText('Invalid proxy: write ip:port:account:password or ip:port'),
    ).toBeInTheDocument()
    expect(onSubmit).not.toHaveBeenCalled()
    expect(onClose).not.toHaveBeenCalled()
  })

  it('sends a well-formed proxy, trimmed, and closes', async () => {
    const { onSubmit, onClose } = renderModal()
    type('  5.6.7.8:1080:bob:s3cret ')
    fireEvent.click(screen.getByTestId('account-proxy-save'))
    await waitFor(() => expect(onSubmit).toHaveBeenCalledWith('5.6.7.8:1080:bob:s3cret'))
    await waitFor(() => expect(onClose).toHaveBeenCalled())
  })

  it('accepts ip:port without credentials', async () => {
    const { onSubmit } = renderModal()
    type('5.6.7.8:1080')
    fireEvent.click(screen.getByTestId('account-proxy-save'))
    await waitFor(() => expect(onSubmit).toHaveBeenCalledWith('5.6.7.8:1080'))
  })

  it('clears the proxy with an empty text, whatever is typed', async () => {
    const { onSubmit } = renderModal()
    type('garbage')
    fireEvent.click(screen.getByTestId('account-proxy-clear'))
    await waitFor(() => expect(onSubmit).toHaveBeenCalledWith(''))
  })

  it('stays open when the server refuses', async () => {
    const onSubmit = vi.fn(async () => {
      throw new Error('refused')
    })
    const onClose = vi.fn()
    renderWithProviders(<ProxyModal open rows={[row]} onClose={onClose} onSubmit={onSubmit} />)
    type('5.6.7.8:1080')
    fireEvent.click(screen.getByTestId('account-proxy-save'))
    await waitFor(() => expect(onSubmit).toHaveBeenCalled())
    expect(onClose).not.toHaveBeenCalled()
  })
})
