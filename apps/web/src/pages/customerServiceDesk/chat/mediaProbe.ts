import {
  AUDIO_PROBE_INTERVAL_MS,
  AUDIO_PROBE_TRIES,
  COMPRESS_MAX_SIDE,
  COMPRESS_OVER_BYTES,
  scaledSize,
  type UploadProblem,
} from './uploadRules'

/** A check that failed, with the `chat.upload.*` key of its message. */
export class UploadCheckError extends Error {
  constructor(readonly problem: UploadProblem) {
    super(problem)
    this.name = 'UploadCheckError'
  }
}

/** Decode an image in the browser: its element and natural size. */
export function loadImage(file: Blob): Promise<HTMLImageElement> {
  return new Promise((resolve, reject) => {
    const url = URL.createObjectURL(file)
    const img = new Image()
    img.onload = () => {
      URL.revokeObjectURL(url)
      resolve(img)
    }
    img.onerror = () => {
      URL.revokeObjectURL(url)
      reject(new UploadCheckError('imageUnreadable'))
    }
    img.src = url
  })
}

const toJpeg = (canvas: HTMLCanvasElement, quality: number) =>
  new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, 'image/jpeg', quality))

/**
 * Re-encode an image as JPEG of at most `target` bytes: lower quality first, then a smaller size
 * (the aspect ratio is kept). Transparent parts become white, as WhatsApp shows them.
 */
export async function compressImage(
  img: HTMLImageElement,
  name: string,
  target = COMPRESS_OVER_BYTES,
): Promise<{ file: File; width: number; height: number }> {
  let maxSide = COMPRESS_MAX_SIDE
  for (let round = 0; round < 4; round++) {
    const { width, height } = scaledSize(img.naturalWidth, img.naturalHeight, maxSide)
    const canvas = document.createElement('canvas')
    canvas.width = width
    canvas.height = height
    const ctx = canvas.getContext('2d')
    if (!ctx) break
    ctx.fillStyle = '#fff'
    ctx.fillRect(0, 0, width, height)
    ctx.drawImage(img, 0, 0, width, height)
    for (const quality of [0.85, 0.7, 0.55]) {
      const blob = await toJpeg(canvas, quality)
      if (blob && blob.size <= target) {
        const file = new File([blob], `${name.replace(/\.[^.]*$/, '') || 'image'}.jpg`, {
          type: 'image/jpeg',
        })
        return { file, width, height }
      }
    }
    maxSide = Math.round(maxSide * 0.7)
  }
  throw new UploadCheckError('compressFailed')
}

/**
 * The duration of an audio file as the browser reads it: asked every 200 ms until it is known;
 * a file that never tells it (or fails to load) is damaged.
 */
export function probeAudioSeconds(
  file: Blob,
  intervalMs = AUDIO_PROBE_INTERVAL_MS,
  tries = AUDIO_PROBE_TRIES,
): Promise<number> {
  return new Promise((resolve, reject) => {
    const url = URL.createObjectURL(file)
    const audio = document.createElement('audio')
    audio.preload = 'metadata'
    let left = tries
    let timer: ReturnType<typeof setInterval> | undefined
    const finish = (seconds: number | null) => {
      clearInterval(timer)
      audio.removeAttribute('src')
      URL.revokeObjectURL(url)
      if (seconds === null) reject(new UploadCheckError('audioDamaged'))
      else resolve(seconds)
    }
    const check = () => {
      if (audio.error) return finish(null)
      const d = audio.duration
      if (Number.isFinite(d) && d > 0) return finish(d)
      left -= 1
      if (left <= 0) finish(null)
    }
    audio.onerror = () => finish(null)
    audio.src = url
    timer = setInterval(check, intervalMs)
  })
}
