import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { probeAudioSeconds, UploadCheckError } from './mediaProbe'

/** jsdom's media elements never load: the duration is played by the test. */
let duration = Number.NaN
let created: HTMLAudioElement | null = null

beforeEach(() => {
  vi.useFakeTimers()
  duration = Number.NaN
  URL.createObjectURL = vi.fn(() => 'blob:audio')
  URL.revokeObjectURL = vi.fn()
  const real = document.createElement.bind(document)
  vi.spyOn(document, 'createElement').mockImplementation((tag: string, options?: ElementCreationOptions) => {
    const el = real(tag, options)
    if (tag === 'audio') {
      Object.defineProperty(el, 'duration', { get: () => duration })
      created = el as HTMLAudioElement
    }
    return el
  })
})
afterEach(() => vi.useRealTimers())

describe('audio duration probe', () => {
  it('asks every 200 ms until the duration is known', async () => {
    const result = probeAudioSeconds(new Blob(['x']))
    await vi.advanceTimersByTimeAsync(600)
    duration = 12.4
    await vi.advanceTimersByTimeAsync(200)
    await expect(result).resolves.toBe(12.4)
    expect(URL.revokeObjectURL).toHaveBeenCalledWith('blob:audio')
  })

  it('calls the file damaged when the duration never comes', async () => {
    const result = probeAudioSeconds(new Blob(['x']), 200, 5)
    const seen = result.catch((e: unknown) => e)
    await vi.advanceTimersByTimeAsync(1200)
    const err = await seen
    expect(err).toBeInstanceOf(UploadCheckError)
    expect((err as UploadCheckError).problem).toBe('audioDamaged')
  })

  it('calls the file damaged when it fails to load', async () => {
    const seen = probeAudioSeconds(new Blob(['x'])).catch((e: unknown) => e)
    created?.dispatchEvent(new Event('error'))
    expect(((await seen) as UploadCheckError).problem).toBe('audioDamaged')
  })
})
