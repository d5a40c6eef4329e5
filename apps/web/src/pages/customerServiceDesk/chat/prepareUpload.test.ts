import { beforeEach, describe, expect, it, vi } from 'vitest'
import * as probe from './mediaProbe'
import { prepareUpload } from './prepareUpload'

const MB = 1024 * 1024
const fileOf = (name: string, size: number, type: string) => {
  const f = new File(['x'], name, { type })
  Object.defineProperty(f, 'size', { value: size })
  return f
}
const image = (w: number, h: number) => ({ naturalWidth: w, naturalHeight: h }) as HTMLImageElement

beforeEach(() => vi.restoreAllMocks())

describe('preparing a picked file', () => {
  it('sends a small image as it is, with its size', async () => {
    vi.spyOn(probe, 'loadImage').mockResolvedValue(image(800, 600))
    const compress = vi.spyOn(probe, 'compressImage')
    const f = fileOf('a.png', MB, 'image/png')
    await expect(prepareUpload('image', f)).resolves.toEqual({
      file: f,
      name: 'a.png',
      width: 800,
      height: 600,
    })
    expect(compress).not.toHaveBeenCalled()
  })

  it('compresses an image over 2 MB and sends the compressed size', async () => {
    vi.spyOn(probe, 'loadImage').mockResolvedValue(image(4000, 3000))
    const small = new File(['y'], 'a.jpg', { type: 'image/jpeg' })
    vi.spyOn(probe, 'compressImage').mockResolvedValue({ file: small, width: 2560, height: 1920 })
    await expect(prepareUpload('image', fileOf('a.png', 3 * MB, 'image/png'))).resolves.toEqual({
      file: small,
      name: 'a.jpg',
      width: 2560,
      height: 1920,
    })
  })

  it('says "compression failed, upload again" when compressing fails', async () => {
    vi.spyOn(probe, 'loadImage').mockResolvedValue(image(4000, 3000))
    vi.spyOn(probe, 'compressImage').mockRejectedValue(new Error('no canvas'))
    await expect(prepareUpload('image', fileOf('a.png', 3 * MB, 'image/png'))).rejects.toMatchObject({
      problem: 'compressFailed',
    })
  })

  it('refuses an image the browser cannot decode', async () => {
    vi.spyOn(probe, 'loadImage').mockRejectedValue(new probe.UploadCheckError('imageUnreadable'))
    await expect(prepareUpload('image', fileOf('a.png', MB, 'image/png'))).rejects.toMatchObject({
      problem: 'imageUnreadable',
    })
  })

  it('probes a voice file and sends its rounded seconds; too long is refused', async () => {
    vi.spyOn(probe, 'probeAudioSeconds').mockResolvedValueOnce(7.6).mockResolvedValueOnce(1801)
    await expect(prepareUpload('voice', fileOf('v.mp3', MB, 'audio/mpeg'))).resolves.toMatchObject({
      seconds: 8,
    })
    await expect(prepareUpload('voice', fileOf('v.mp3', MB, 'audio/mpeg'))).rejects.toMatchObject({
      problem: 'voiceTooLong',
    })
  })

  it('refuses wrong types and sizes before decoding anything', async () => {
    const load = vi.spyOn(probe, 'loadImage')
    await expect(prepareUpload('image', fileOf('a.bmp', MB, 'image/bmp'))).rejects.toMatchObject({
      problem: 'wrongType',
    })
    await expect(prepareUpload('video', fileOf('a.mp4', 11 * MB, 'video/mp4'))).rejects.toMatchObject({
      problem: 'tooLarge',
    })
    expect(load).not.toHaveBeenCalled()
  })
})
