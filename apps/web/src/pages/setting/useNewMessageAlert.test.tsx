import { Role, type TenantDisplayView } from '@app/core'
import { act, render, waitFor } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { refreshTenantDisplay } from '../../api/tenantSettings'
import { i18n } from '../../i18n'
import { fakeServer, makeMessage, makeSession, ok } from '../../test/fixtures'
import { emitSocket, signInAs } from '../../test/testUtils'
import { useNewMessageAlert } from './useNewMessageAlert'

vi.mock('../../realtime', () => import('../../test/testUtils'))

const DISPLAY: TenantDisplayView = {
  pageTitle: '',
  targetLanguage: '',
  autoTranslate: false,
  notifySound: true,
  notifyDesktop: false,
  agentExport: true,
}

/** An audio element and desktop notifications as jsdom lacks them: each records what the page asked for. */
const plays = vi.fn()
const players = vi.fn()
class FakeAudio {
  currentTime = 0
  constructor(readonly src: string) {
    players(src)
  }
  play() {
    plays(this.currentTime)
    return Promise.resolve()
  }
}
const shown: { title: string; body: string | undefined }[] = []
class FakeNotification {
  static permission = 'granted'
  static requestPermission = vi.fn(async () => 'granted')
  onclick: (() => void) | null = null
  constructor(title: string, options?: { body?: string }) {
    shown.push({ title, body: options?.body })
  }
  close() {}
}

function Desk() {
  useNewMessageAlert()
  return null
}

async function mount(display: TenantDisplayView) {
  fakeServer({ '/damai/customer/tenantSetting/display': () => ok(display) })
  await refreshTenantDisplay(2)
  render(<Desk />)
}
const customerWrites = (fromMe = false) =>
  act(() =>
    emitSocket('message.new', {
      message: makeMessage({ fromMe, body: 'Is it in stock?' }),
      session: makeSession({ title: 'Wang' }),
    }),
  )

beforeEach(async () => {
  await i18n.changeLanguage('en')
  signInAs([Role.customerUser])
  vi.stubGlobal('Audio', FakeAudio)
  vi.spyOn(URL, 'createObjectURL').mockReturnValue('blob:chime')
  vi.stubGlobal('Notification', FakeNotification)
  plays.mockClear()
  shown.length = 0
})
afterEach(async () => {
  vi.unstubAllGlobals()
  vi.restoreAllMocks()
  await i18n.changeLanguage('zh')
})

describe('the desk alerts on a new customer message as the supervisor set', () => {
  it('plays the chime when the sound is on, never for our own messages', async () => {
    await mount(DISPLAY)
    await customerWrites(true)
    expect(plays).not.toHaveBeenCalled()
    await customerWrites()
    await waitFor(() => expect(plays).toHaveBeenCalledOnce())
    expect(shown).toEqual([])
  })

  it('plays every chime from the start on one player, made once for the page', async () => {
    await mount(DISPLAY)
    const now = vi.spyOn(Date, 'now').mockReturnValue(Date.now() + 60_000)
    await customerWrites()
    now.mockReturnValue(Date.now() + 120_000)
    await customerWrites()
    await waitFor(() => expect(plays).toHaveBeenCalledTimes(2))
    expect(plays.mock.calls).toEqual([[0], [0]])
    expect(players.mock.calls.length).toBeLessThanOrEqual(1)
  })

  it('keeps quiet on messages closer together than a second', async () => {
    await mount(DISPLAY)
    vi.spyOn(Date, 'now').mockReturnValue(Date.now() + 180_000)
    await customerWrites()
    await customerWrites()
    await waitFor(() => expect(plays).toHaveBeenCalledOnce())
  })

  it('stays silent when the sound is off', async () => {
    await mount({ ...DISPLAY, notifySound: false })
    await customerWrites()
    expect(plays).not.toHaveBeenCalled()
  })

  it('shows a desktop notification while the desk is in the background, when turned on', async () => {
    await mount({ ...DISPLAY, notifySound: false, notifyDesktop: true })
    const focus = vi.spyOn(document, 'hasFocus').mockReturnValue(false)
    await customerWrites()
    expect(shown).toEqual([{ title: 'New message from Wang', body: 'Is it in stock?' }])
    focus.mockReturnValue(true)
    await customerWrites()
    expect(shown).toHaveLength(1)
  })

  it('shows none when desktop notifications are off', async () => {
    await mount({ ...DISPLAY, notifySound: false })
    vi.spyOn(document, 'hasFocus').mockReturnValue(false)
    await customerWrites()
    expect(shown).toEqual([])
  })
})
