import { IMAGE_COMPRESS_OVER_BYTES } from './fileCheck'

const JPEG_QUALITIES = [0.85, 0.7, 0.55]

const toBlob = (canvas: HTMLCanvasElement, quality: number) =>
  new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, 'image/jpeg', quality))

/**
 * An image over 2 MB re-encoded as JPEG at the same size in pixels (spec §5: images are
 * compressed when over 2 MB); smaller files, and a result no smaller than the original, stay as
 * they are. Rejects when the browser cannot decode the image.
 */
export async function compressImage(file: File): Promise<File> {
  if (file.size <= IMAGE_COMPRESS_OVER_BYTES) return file
  const bitmap = await createImageBitmap(file)
  const canvas = document.createElement('canvas')
  canvas.width = bitmap.width
  canvas.height = bitmap.height
  const ctx = canvas.getContext('2d')
  if (!ctx) throw new Error('no canvas')
  // transparent parts of a PNG would turn black in a JPEG
  ctx.fillStyle = '#fff'
  ctx.fillRect(0, 0, canvas.width, canvas.height)
  ctx.drawImage(bitmap, 0, 0)
  bitmap.close()
  let best: Blob | null = null
  for (const quality of JPEG_QUALITIES) {
    best = await toBlob(canvas, quality)
    if (!best || best.size <= IMAGE_COMPRESS_OVER_BYTES) break
  }
  if (!best || best.size >= file.size) return file
  const name = `${file.name.replace(/\.[^.]*$/, '') || 'image'}.jpg`
  return new File([best], name, { type: 'image/jpeg' })
}

const PROBE_RETRY_MS = 200
const PROBE_TIMEOUT_MS = 4000

/**
 * The length of an audio file in whole seconds, read by the browser: null when it does not tell
 * in time, 'damaged' when it cannot decode the file. Some files report their length only after a
 * seek, so it is asked again every 200 ms (spec §9).
 */
export function probeAudioSeconds(file: Blob): Promise<number | null | 'damaged'> {
  return new Promise((resolve) => {
    const url = URL.createObjectURL(file)
    const audio = new Audio()
    let retry: ReturnType<typeof setInterval> | undefined
    const finish = (result: number | null | 'damaged') => {
      clearInterval(retry)
      clearTimeout(timeout)
      audio.removeAttribute('src')
      URL.revokeObjectURL(url)
      resolve(result)
    }
    const timeout = setTimeout(() => finish(null), PROBE_TIMEOUT_MS)
    const read = () => {
      if (Number.isFinite(audio.duration) && audio.duration > 0) finish(Math.round(audio.duration))
    }
    audio.preload = 'metadata'
    audio.onerror = () => finish('damaged')
    audio.onloadedmetadata = () => {
      read()
      // an unknown length often becomes known after seeking far ahead
      audio.currentTime = Number.MAX_SAFE_INTEGER
      retry = setInterval(read, PROBE_RETRY_MS)
    }
    audio.ondurationchange = read
    audio.src = url
  })
}
