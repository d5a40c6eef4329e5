import { type DeskSessionView, ErrorCode } from '@app/core'
import { configure, fireEvent, screen, waitFor, within } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { i18n } from '../../../i18n'
import { FakeServer, Refusal } from '../../../test/fakeServer'
import { makeSession } from '../../../test/fixtures'
import { renderAt } from '../../../test/testUtils'
import { resetViewport, setViewportWidth } from '../layout/viewportForTests'
import DeskSessionPage from './index'

vi.mock('../../../realtime', () => import('../../../test/testUtils'))
// the chat column: its own tests cover it; here it shows which session is open
vi.mock('../chat', () => ({
  ChatBox: ({ session }: { session: DeskSessionView }) => <div data-testid="chat-box">{session.title}</div>,
}))

configure({ asyncUtilTimeout: 5000 })

const PATH = '/customerServiceDesk/deskSession'
const now = Date.now()
const alice = makeSession({ id: 2, title: 'Alice', lastActivityAt: now - 20_000 })
const bob = makeSession({ id: 3, title: 'Bob', lastActivityAt: now - 30_000 })

let server: FakeServer

beforeEach(async () => {
  await i18n.changeLanguage('en')
  server = new FakeServer()
    .reply('post', '/damai/customer/session/page', { list: [alice, bob], nextCursor: null })
    .on('post', '/damai/customer/session/detail', ({ body }) => ({
      session: body.sessionId === 3 ? bob : alice,
      fan: null,
      group: null,
    }))
})
afterEach(async () => {
  server.close()
  resetViewport()
  expect(server.unhandled).toEqual([])
  await i18n.changeLanguage('zh')
})

/** The session screen at `width` px with Alice's chat open. */
async function openAlice(width: number) {
  setViewportWidth(width)
  const view = renderAt(<DeskSessionPage />, `${PATH}?sessionId=2`)
  expect(await screen.findByTestId('chat-box')).toHaveTextContent('Alice')
  return view
}

const panelButton = () => screen.queryByRole('button', { name: 'Show customer details' })

describe('session screen at each width', { timeout: 30_000 }, () => {
  it('from 1280 px: list, chat and the customer panel side by side', async () => {
    await openAlice(1440)
    expect(screen.getByTestId('desk-session-list')).toBeInTheDocument()
    const panel = await screen.findByTestId('desk-side-panel')
    expect(panel.tagName).toBe('ASIDE')
    expect(panel.closest('[role="dialog"]')).toBeNull()
    expect(await within(panel).findByText('No customer details')).toBeInTheDocument()
    expect(panelButton()).not.toBeInTheDocument()
  })

  it('from 992 px to 1279 px: list and chat, the customer panel in a drawer from the chat header', async () => {
    await openAlice(1024)
    expect(screen.getByTestId('desk-session-list')).toBeInTheDocument()
    expect(screen.queryByTestId('desk-side-panel')).not.toBeInTheDocument()
    // the chat keeps its room: it never gets narrower than 480 px
    expect(screen.getByTestId('desk-chat-column').style.minWidth).toBe('480px')
    const button = within(screen.getByTestId('desk-chat-header')).getByRole('button', {
      name: 'Show customer details',
    })
    expect(button).toHaveAttribute('aria-expanded', 'false')
    fireEvent.click(button)
    const drawer = await screen.findByRole('dialog', { name: 'Customer' })
    expect(within(drawer).getByTestId('desk-side-panel')).toBeInTheDocument()
    expect(await within(drawer).findByText('No customer details')).toBeInTheDocument()
    expect(button).toHaveAttribute('aria-expanded', 'true')
  })

  it('from 992 px: another session opens with the drawer closed', async () => {
    const { router } = await openAlice(1100)
    fireEvent.click(screen.getByRole('button', { name: 'Show customer details' }))
    await screen.findByRole('dialog', { name: 'Customer' })
    await router.navigate(`${PATH}?sessionId=3`)
    await waitFor(() => expect(screen.getByTestId('chat-box')).toHaveTextContent('Bob'))
    expect(screen.getByRole('button', { name: 'Show customer details' })).toHaveAttribute(
      'aria-expanded',
      'false',
    )
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Customer' })).not.toBeInTheDocument())
  })

  it('below 992 px: the open chat alone, with a way back and the panel in a drawer', async () => {
    const { router } = await openAlice(390)
    expect(screen.queryByTestId('desk-session-list')).not.toBeInTheDocument()
    expect(screen.queryByTestId('desk-side-panel')).not.toBeInTheDocument()
    fireEvent.click(screen.getByRole('button', { name: 'Show customer details' }))
    const drawer = await screen.findByRole('dialog', { name: 'Customer' })
    expect(within(drawer).getByTestId('desk-side-panel')).toBeInTheDocument()
    fireEvent.click(screen.getByTestId('desk-back'))
    await waitFor(() => expect(router.state.location.search).toBe(''))
    expect(await screen.findByTestId('desk-session-list')).toBeInTheDocument()
    expect(screen.queryByTestId('chat-box')).not.toBeInTheDocument()
  })

  it('below 992 px: a link to a chat shows that chat’s frame while it comes, never the list first', async () => {
    let release = () => {}
    const held = new Promise<void>((resolve) => {
      release = resolve
    })
    server
      .on('post', '/damai/customer/session/page', async () => {
        await held
        return { list: [alice, bob], nextCursor: null }
      })
      .on('post', '/damai/customer/session/detail', async () => {
        await held
        return { session: alice, fan: null, group: null }
      })
    setViewportWidth(390)
    renderAt(<DeskSessionPage />, `${PATH}?sessionId=2`)
    const frame = await screen.findByTestId('desk-chat-opening')
    const back = within(frame).getByRole('button', { name: 'Back to the sessions' })
    expect(screen.queryByTestId('desk-session-list')).not.toBeInTheDocument()
    expect(screen.queryByTestId('desk-chat-header')).not.toBeInTheDocument()
    release()
    expect(await screen.findByTestId('chat-box')).toHaveTextContent('Alice')
    expect(screen.queryByTestId('desk-chat-opening')).not.toBeInTheDocument()
    // the frame stays: the chat comes into it (a focused way back keeps its focus)
    expect(within(screen.getByTestId('desk-chat-header')).getByTestId('desk-back')).toBe(back)
    expect(screen.getByTestId('desk-chat-header')).toHaveTextContent('Alice')
  })

  it('below 992 px: a link to a chat that cannot be opened leaves the list', async () => {
    server
      .reply('post', '/damai/customer/session/page', { list: [bob], nextCursor: null })
      .on('post', '/damai/customer/session/detail', () => {
        throw new Refusal(ErrorCode.forbidden, 'not yours')
      })
    setViewportWidth(390)
    const { router } = renderAt(<DeskSessionPage />, `${PATH}?sessionId=2`)
    expect(await screen.findByTestId('desk-session-list')).toBeInTheDocument()
    await waitFor(() => expect(router.state.location.search).toBe(''))
    expect(screen.queryByTestId('desk-chat-opening')).not.toBeInTheDocument()
  })
})
