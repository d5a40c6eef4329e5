import { CAPTCHA_TRACK_MAX, type CaptchaTrackPoint } from '@app/core'
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { i18n } from '../../../i18n'
import { fakeFeedback } from '../../../test/feedback'
import { fakeServer, ok } from '../../../test/fixtures'
import { DragTrack } from './dragTrack'
import { SliderCaptcha } from './SliderCaptcha'

const pixel =
  'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg=='
let serial = 0
const puzzle = () =>
  ok({
    token: `t${++serial}`,
    backgroundImage: pixel,
    pieceImage: pixel,
    pieceY: 40,
    width: 310,
    height: 155,
    pieceSize: 47,
    expiresAt: Date.now() + 120_000,
  })

const handle = () => screen.getByTestId('captcha-handle')
const drag = (dx: number) => {
  fireEvent.pointerDown(handle(), { clientX: 10, pointerId: 1 })
  fireEvent.pointerMove(handle(), { clientX: 10 + dx / 2, pointerId: 1 })
  fireEvent.pointerMove(handle(), { clientX: 10 + dx, pointerId: 1 })
  fireEvent.pointerUp(handle(), { clientX: 10 + dx, pointerId: 1 })
}

beforeEach(async () => {
  await i18n.changeLanguage('en')
  fakeFeedback()
})

describe('<SliderCaptcha>', () => {
  it('sends where the piece was dropped with the drag that took it there, and keeps the verification of a pass', async () => {
    const server = fakeServer({
      '/damai/system/captcha/get': puzzle,
      '/damai/system/captcha/check': () => ok({ captchaVerification: 'cv-1' }),
    })
    const onChange = vi.fn()
    render(<SliderCaptcha onChange={onChange} />)
    await waitFor(() => expect(handle()).toHaveAttribute('data-status', 'idle'))
    drag(120.4)
    await waitFor(() => expect(handle()).toHaveAttribute('data-status', 'success'))
    const check = server.mock.calls.find(([c]) => c.url === '/damai/system/captcha/check')?.[0]
    const sent = JSON.parse(String(check?.data)) as { token: string; x: number; track: CaptchaTrackPoint[] }
    expect(sent).toMatchObject({ token: 't1', x: 120 })
    // from the press at the left end, through each move, to the drop
    expect(sent.track.map((p) => p.x)).toEqual([0, 60, 120, 120])
    expect(sent.track[0]?.t).toBe(0)
    const times = sent.track.map((p) => p.t)
    expect(times).toEqual([...times].sort((a, b) => a - b))
    expect(onChange).toHaveBeenCalledWith('cv-1')
    expect(screen.getByTestId('captcha-hint')).toHaveTextContent('Verified')
  })

  it('never lets the piece leave the picture', async () => {
    fakeServer({
      '/damai/system/captcha/get': puzzle,
      '/damai/system/captcha/check': () => ok({ captchaVerification: 'x' }),
    })
    render(<SliderCaptcha />)
    await waitFor(() => expect(handle()).toHaveAttribute('data-status', 'idle'))
    fireEvent.pointerDown(handle(), { clientX: 0, pointerId: 1 })
    fireEvent.pointerMove(handle(), { clientX: 999, pointerId: 1 })
    expect(handle()).toHaveAttribute('aria-valuenow', String(310 - 47))
  })

  it('on a miss says why, shakes, and fetches a new puzzle', async () => {
    const server = fakeServer({
      '/damai/system/captcha/get': puzzle,
      '/damai/system/captcha/check': () => ({ code: 1005, msg: 'Verification failed, drag the piece again' }),
    })
    const onChange = vi.fn()
    render(<SliderCaptcha onChange={onChange} />)
    await waitFor(() => expect(handle()).toHaveAttribute('data-status', 'idle'))
    drag(60)
    await waitFor(() => expect(screen.getByTestId('captcha-hint')).toHaveTextContent('Verification failed'))
    expect(screen.getByTestId('captcha')).toHaveClass('captcha-shake')
    await waitFor(() => expect(handle()).toHaveAttribute('data-status', 'idle'), { timeout: 2000 })
    const gets = server.mock.calls.filter(([c]) => c.url === '/damai/system/captcha/get')
    expect(gets).toHaveLength(2)
    expect(onChange).not.toHaveBeenCalledWith(expect.any(String))
  })

  it('keeps saying how long to wait when misses have locked the address', async () => {
    const server = fakeServer({
      '/damai/system/captcha/get': puzzle,
      '/damai/system/captcha/check': () => ({
        code: 1013,
        msg: 'Too many failed slider checks, try again in 4 minutes',
      }),
    })
    render(<SliderCaptcha />)
    await waitFor(() => expect(handle()).toHaveAttribute('data-status', 'idle'))
    drag(60)
    await waitFor(() =>
      expect(server.mock.calls.filter(([c]) => c.url === '/damai/system/captcha/get')).toHaveLength(2),
    )
    await waitFor(() => expect(handle()).toHaveAttribute('data-status', 'idle'), { timeout: 2000 })
    expect(screen.getByTestId('captcha-hint')).toHaveTextContent('try again in 4 minutes')
  })

  it('works from the keyboard', async () => {
    const server = fakeServer({
      '/damai/system/captcha/get': puzzle,
      '/damai/system/captcha/check': () => ok({ captchaVerification: 'cv-k' }),
    })
    render(<SliderCaptcha />)
    await waitFor(() => expect(handle()).toHaveAttribute('data-status', 'idle'))
    for (let i = 0; i < 3; i++) fireEvent.keyDown(handle(), { key: 'ArrowRight', shiftKey: true })
    await act(async () => {
      fireEvent.keyDown(handle(), { key: 'Enter' })
    })
    await waitFor(() => expect(handle()).toHaveAttribute('data-status', 'success'))
    const check = server.mock.calls.find(([c]) => c.url === '/damai/system/captcha/check')?.[0]
    const sent = JSON.parse(String(check?.data)) as { x: number; track: CaptchaTrackPoint[] }
    expect(sent.x).toBe(30)
    // each press: the piece before and after it, at the same moment
    expect(sent.track.map((p) => p.x)).toEqual([0, 0, 10, 10, 20, 20, 30, 30])
  })

  it('starts a new track with a new puzzle', async () => {
    const server = fakeServer({
      '/damai/system/captcha/get': puzzle,
      '/damai/system/captcha/check': () => ({ code: 1005, msg: 'Verification failed, drag the piece again' }),
    })
    render(<SliderCaptcha />)
    await waitFor(() => expect(handle()).toHaveAttribute('data-status', 'idle'))
    drag(60)
    await waitFor(() => expect(handle()).toHaveAttribute('data-status', 'idle'), { timeout: 2000 })
    drag(80)
    await waitFor(() =>
      expect(server.mock.calls.filter(([c]) => c.url === '/damai/system/captcha/check')).toHaveLength(2),
    )
    const second = server.mock.calls.filter(([c]) => c.url === '/damai/system/captcha/check')[1]?.[0]
    expect(
      (JSON.parse(String(second?.data)) as { track: CaptchaTrackPoint[] }).track.map((p) => p.x),
    ).toEqual([0, 40, 80, 80])
  })
})

describe('DragTrack', () => {
  it('keeps time from the press, and every other sample of a drag too long to send whole', () => {
    let now = 1_000
    const track = new DragTrack(() => now)
    track.begin(0)
    for (let i = 1; i <= CAPTCHA_TRACK_MAX + 10; i++) {
      now += 10
      track.add(i % 300)
    }
    const list = track.list()
    expect(list.length).toBeLessThanOrEqual(CAPTCHA_TRACK_MAX)
    expect(list[0]).toEqual({ t: 0, x: 0 })
    expect(list.at(-1)).toEqual({ t: (CAPTCHA_TRACK_MAX + 10) * 10, x: (CAPTCHA_TRACK_MAX + 10) % 300 })
  })
})
