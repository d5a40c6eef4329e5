import { fireEvent, render, screen, waitFor } from '@testing-library/react'
import { App } from 'antd'
import { MemoryRouter } from 'react-router'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { setFeedback } from '../app/feedback'
import { i18n } from '../i18n'
import { useSession } from '../stores/session'
import { fakeServer, makeUser, ok } from '../test/fixtures'
import { ChangePasswordModal } from './ChangePasswordModal'

const url = '/damai/system/user/profile/update-password'
const success = vi.fn()
const error = vi.fn()

function renderDialog() {
  const onClose = vi.fn()
  render(
    <MemoryRouter>
      <App>
        <ChangePasswordModal open onClose={onClose} />
      </App>
    </MemoryRouter>,
  )
  return { onClose }
}

const fill = (testId: string, value: string) =>
  fireEvent.change(screen.getByTestId(testId), { target: { value } })
const submit = () => fireEvent.click(screen.getByTestId('change-password-submit'))

beforeEach(async () => {
  await i18n.changeLanguage('en')
  const dialog = vi.fn(() => ({ destroy: vi.fn() }))
  setFeedback({
    message: { error, success, warning: vi.fn(), info: vi.fn(), loading: vi.fn() },
    modal: { confirm: dialog, warning: dialog, info: dialog },
    notification: { info: vi.fn() },
  })
  useSession.setState({ token: 'tok-1', tenantId: 2, user: makeUser({ name: 'master' }), roles: [] })
})

afterEach(async () => {
  success.mockReset()
  error.mockReset()
  useSession.setState({ token: undefined, tenantId: undefined, user: null, roles: [] })
  await i18n.changeLanguage('zh')
})

describe('change password dialog', () => {
  it('asks for the current password and sends nothing without it', async () => {
    const server = fakeServer({ [url]: () => ok(null) })
    renderDialog()
    expect(screen.getByText('Current password')).toBeInTheDocument()
    fill('new-password', 'Fresh2024')
    fill('confirm-password', 'Fresh2024')
    submit()
    expect(await screen.findByText('Enter your current password')).toBeInTheDocument()
    expect(server).not.toHaveBeenCalled()
  })

  it('sends the current and the new password, then signs out', async () => {
    const server = fakeServer({ [url]: () => ok(null) })
    const { onClose } = renderDialog()
    fill('current-password', 'Master123')
    fill('new-password', 'Fresh2024')
    fill('confirm-password', 'Fresh2024')
    submit()
    await waitFor(() => expect(onClose).toHaveBeenCalled())
    const config = server.mock.calls[0]?.[0]
    expect(config?.method).toBe('put')
    expect(JSON.parse(String(config?.data))).toEqual({ oldPassword: 'Master123', password: 'Fresh2024' })
    expect(success).toHaveBeenCalledWith({ content: 'Password changed, please log in again' })
    expect(useSession.getState().token).toBeUndefined()
  })

  it('stays open and signed in when the current password is wrong', async () => {
    const server = fakeServer({
      [url]: () => ({ code: 1008, msg: 'The current password is wrong', data: null }),
    })
    const { onClose } = renderDialog()
    fill('current-password', 'Guess1234')
    fill('new-password', 'Fresh2024')
    fill('confirm-password', 'Fresh2024')
    submit()
    await waitFor(() => expect(server).toHaveBeenCalled())
    await waitFor(() => expect(screen.getByTestId('change-password-submit')).not.toBeDisabled())
    expect(onClose).not.toHaveBeenCalled()
    expect(useSession.getState().token).toBe('tok-1')
  })

  it('checks the new password with the shared rules and the confirmation', async () => {
    const server = fakeServer({ [url]: () => ok(null) })
    renderDialog()
    fill('current-password', 'Master123')
    fill('new-password', '123456')
    fill('confirm-password', '654321')
    submit()
    expect(await screen.findByText('The password must not be a run of ascending digits')).toBeInTheDocument()
    expect(await screen.findByText('Passwords differ, re-enter')).toBeInTheDocument()
    expect(server).not.toHaveBeenCalled()
  })
})
