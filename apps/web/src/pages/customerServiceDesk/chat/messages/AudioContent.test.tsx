import { fireEvent, render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, beforeEach, expect, it, vi } from 'vitest'
import { i18n } from '../../../../i18n'
import { makeMessage } from '../../../../test/fixtures'
import { AudioContent } from './MediaContent'

vi.mock('../mediaCache', async (original) => ({
  ...(await original<typeof import('../mediaCache')>()),
  useMediaSrc: () => ({ status: 'ready', src: 'blob:voice' }),
}))

const voice = makeMessage({
  id: 5,
  type: 'audio',
  mediaId: 4,
  mediaUrl: '/chatMedia/5',
  meta: { seconds: 65 },
})

beforeEach(() => {
  // jsdom plays nothing: playing and pausing only say so, as the browser's element does
  vi.spyOn(HTMLMediaElement.prototype, 'play').mockImplementation(function (this: HTMLMediaElement) {
    this.dispatchEvent(new Event('play'))
    return Promise.resolve()
  })
  vi.spyOn(HTMLMediaElement.prototype, 'pause').mockImplementation(function (this: HTMLMediaElement) {
    this.dispatchEvent(new Event('pause'))
  })
  vi.spyOn(HTMLMediaElement.prototype, 'paused', 'get').mockReturnValue(true)
})
afterEach(() => i18n.changeLanguage('zh'))

it("plays a voice note in the console's own player, with its length and a labelled slider", async () => {
  const user = userEvent.setup()
  render(<AudioContent message={voice} />)
  expect(screen.getByTestId('chat-audio-length')).toHaveTextContent('1:05')
  expect(screen.getByTestId('chat-audio').querySelector('audio')).not.toHaveAttribute('controls')
  await user.click(screen.getByRole('button', { name: '播放语音' }))
  expect(HTMLMediaElement.prototype.play).toHaveBeenCalledTimes(1)
  expect(screen.getByRole('button', { name: '暂停' })).toBeInTheDocument()

  const slider = screen.getByRole('slider', { name: '播放位置' })
  fireEvent.change(slider, { target: { value: '30' } })
  expect((screen.getByTestId('chat-audio').querySelector('audio') as HTMLAudioElement).currentTime).toBe(30)
  expect(screen.getByTestId('chat-audio-length')).toHaveTextContent('0:30 / 1:05')
})

it('takes the length the browser reads from the file over the known seconds', () => {
  render(<AudioContent message={voice} />)
  const audio = screen.getByTestId('chat-audio').querySelector('audio') as HTMLAudioElement
  Object.defineProperty(audio, 'duration', { value: 71.4, configurable: true })
  fireEvent(audio, new Event('loadedmetadata'))
  expect(screen.getByTestId('chat-audio-length')).toHaveTextContent('1:11')
})

it('names its controls in English for an English user', async () => {
  await i18n.changeLanguage('en')
  render(<AudioContent message={voice} />)
  expect(screen.getByRole('button', { name: 'Play the voice note' })).toBeInTheDocument()
  expect(screen.getByRole('slider', { name: 'Position in the voice note' })).toBeInTheDocument()
})
