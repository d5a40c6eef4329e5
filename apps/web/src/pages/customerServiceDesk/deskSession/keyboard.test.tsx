import type { DeskSessionView } from '@app/core'
import { configure, fireEvent, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { i18n } from '../../../i18n'
import { FakeServer } from '../../../test/fakeServer'
import { makeSession } from '../../../test/fixtures'
import { renderAt } from '../../../test/testUtils'
import { COMPOSER_ID } from '../chat/chatFocus'
import { SkipTargetProvider } from '../layout/DeskSkipLink'
import { resetViewport, setViewportWidth } from '../layout/viewportForTests'
import DeskSessionPage from './index'

vi.mock('../../../realtime', () => import('../../../test/testUtils'))
// the chat column: a composer named by the session it writes to
vi.mock('../chat', () => ({
  ChatBox: ({ session }: { session: DeskSessionView }) => (
    <div data-testid="chat-box">
      <textarea id={COMPOSER_ID} aria-label={`composer ${session.title}`} />
    </div>
  ),
}))

configure({ asyncUtilTimeout: 5000 })

const PATH = '/customerServiceDesk/deskSession'
const now = Date.now()
const ann = makeSession({ id: 1, title: 'Ann', lastActivityAt: now - 10_000 })
const bob = makeSession({ id: 2, title: 'Bob', lastActivityAt: now - 20_000 })
const cid = makeSession({ id: 3, title: 'Cid', lastActivityAt: now - 30_000 })

let server: FakeServer

beforeEach(async () => {
  await i18n.changeLanguage('en')
  setViewportWidth(1440)
  server = new FakeServer()
    .reply('post', '/damai/customer/session/page', { list: [ann, bob, cid], nextCursor: null })
    .on('post', '/damai/customer/session/detail', ({ body }) => ({
      session: [ann, bob, cid].find((s) => s.id === body.sessionId),
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

async function renderDesk(path = PATH) {
  const view = renderAt(<DeskSessionPage />, path)
  await screen.findByTestId('desk-session-3')
  return view
}

const openId = (router: { state: { location: { search: string } } }) =>
  new URLSearchParams(router.state.location.search).get('sessionId')
const press = (key: string, init: { altKey?: boolean } = {}, target: Element = document.body) =>
  fireEvent.keyDown(target, { key, ...init })
const row = (id: number) => screen.getByTestId(`desk-session-open-${id}`)
const composer = (title: string) => screen.getByRole('textbox', { name: `composer ${title}` })

describe('desk keyboard', { timeout: 30_000 }, () => {
  it('Alt+ArrowDown / Alt+ArrowUp open the next / previous session of the list, and stop at its ends', async () => {
    const { router } = await renderDesk()
    press('ArrowDown', { altKey: true })
    await waitFor(() => expect(openId(router)).toBe('1'))
    press('ArrowDown', { altKey: true })
    await waitFor(() => expect(openId(router)).toBe('2'))
    press('ArrowDown', { altKey: true })
    await waitFor(() => expect(openId(router)).toBe('3'))
    press('ArrowDown', { altKey: true })
    press('ArrowUp', { altKey: true })
    await waitFor(() => expect(openId(router)).toBe('2'))
    expect(screen.getByTestId('chat-box')).toContainElement(composer('Bob'))
    // without Alt the arrows are the list's own
    press('ArrowUp')
    expect(openId(router)).toBe('2')
  })

  it('keeps the focus in the composer while going through the sessions from it', async () => {
    const { router } = await renderDesk(`${PATH}?sessionId=1`)
    composer('Ann').focus()
    press('ArrowDown', { altKey: true }, composer('Ann'))
    await waitFor(() => expect(openId(router)).toBe('2'))
    await waitFor(() => expect(composer('Bob')).toHaveFocus())
  })

  it('moves the focus to the next row when going from a row', async () => {
    const { router } = await renderDesk(`${PATH}?sessionId=2`)
    row(2).focus()
    press('ArrowDown', { altKey: true }, row(2))
    await waitFor(() => expect(openId(router)).toBe('3'))
    await waitFor(() => expect(row(3)).toHaveFocus())
  })

  it('reaches the rows with Tab and opens one with Enter', async () => {
    const user = userEvent.setup()
    const { router } = await renderDesk()
    row(1).focus()
    await user.tab()
    // the row's action menu, then the next row
    await user.tab()
    expect(row(2)).toHaveFocus()
    await user.keyboard('{Enter}')
    await waitFor(() => expect(openId(router)).toBe('2'))
  })

  it('"/" goes to the composer, but is typed in a text field', async () => {
    const user = userEvent.setup()
    await renderDesk(`${PATH}?sessionId=3`)
    row(1).focus()
    await user.keyboard('/')
    expect(composer('Cid')).toHaveFocus()
    expect(composer('Cid')).toHaveValue('')
    const search = within(screen.getByTestId('desk-search')).getByRole('searchbox')
    await user.click(search)
    await user.keyboard('a/b')
    expect(search).toHaveFocus()
    expect(search).toHaveValue('a/b')
  })

  it('"/" goes to the chat region when no chat is open', async () => {
    await renderDesk()
    press('/')
    expect(screen.getByRole('region', { name: 'Chat' })).toHaveFocus()
  })

  it('"?" opens the help sheet of the shortcuts, in the language of the page', async () => {
    const user = userEvent.setup()
    await renderDesk()
    row(1).focus()
    await user.keyboard('?')
    const help = await screen.findByRole('dialog', { name: 'Keyboard shortcuts' })
    expect(within(help).getByTestId('desk-shortcut-previous')).toHaveTextContent('Alt + ↑')
    expect(within(help).getByTestId('desk-shortcut-previous')).toHaveTextContent('previous session')
    expect(within(help).getByTestId('desk-shortcut-next')).toHaveTextContent('Alt + ↓')
    expect(within(help).getByTestId('desk-shortcut-composer')).toHaveTextContent('/')
    expect(within(help).getByTestId('desk-shortcut-help')).toHaveTextContent('?')
    await i18n.changeLanguage('zh')
    await waitFor(() =>
      expect(within(help).getByTestId('desk-shortcut-next')).toHaveTextContent('下一个会话'),
    )
  })

  it('"?" typed in the composer is text, and keys in the help sheet stay there', async () => {
    const user = userEvent.setup()
    const { router } = await renderDesk(`${PATH}?sessionId=1`)
    await user.click(composer('Ann'))
    await user.keyboard('why?')
    expect(composer('Ann')).toHaveValue('why?')
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument()
    fireEvent.click(screen.getByRole('button', { name: 'Keyboard shortcuts (?)' }))
    const help = await screen.findByRole('dialog', { name: 'Keyboard shortcuts' })
    press('ArrowDown', { altKey: true }, help)
    expect(openId(router)).toBe('1')
  })

  /** The session screen inside a layout that keeps the skip link's target. */
  async function renderWithSkipLink(path: string) {
    const skip: { to: (() => void) | null } = { to: null }
    const register = vi.fn((target: (() => void) | null) => {
      skip.to = target
    })
    renderAt(
      <SkipTargetProvider value={register}>
        <DeskSessionPage />
      </SkipTargetProvider>,
      path,
    )
    await screen.findByTestId('desk-session-3')
    expect(register).toHaveBeenCalledWith(expect.any(Function))
    return skip
  }

  it('names the open chat’s composer as the skip link’s target', async () => {
    const skip = await renderWithSkipLink(`${PATH}?sessionId=2`)
    skip.to?.()
    expect(composer('Bob')).toHaveFocus()
  })

  it('names the list as the skip link’s target on a phone-width screen without a chat', async () => {
    setViewportWidth(390)
    const skip = await renderWithSkipLink(PATH)
    // the rows are where the chat is chosen
    skip.to?.()
    expect(row(1)).toHaveFocus()
  })
})
