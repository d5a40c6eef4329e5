/**
 * What a file is, read from its bytes the way the server reads it (the name and the browser's
 * claimed type are not trusted): its type, whether it is a program, and an image's size.
 */

const ascii = (b: Uint8Array, from: number, to: number) => String.fromCharCode(...b.subarray(from, to))
const startsWith = (b: Uint8Array, bytes: number[]) => bytes.every((v, i) => b[i] === v)

const MAGIC: { mime: string; test: (b: Uint8Array) => boolean }[] = [
  { mime: 'image/jpeg', test: (b) => startsWith(b, [0xff, 0xd8, 0xff]) },
  { mime: 'image/png', test: (b) => startsWith(b, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]) },
  { mime: 'image/gif', test: (b) => ascii(b, 0, 4) === 'GIF8' },
  { mime: 'image/webp', test: (b) => ascii(b, 0, 4) === 'RIFF' && ascii(b, 8, 12) === 'WEBP' },
  { mime: 'audio/wav', test: (b) => ascii(b, 0, 4) === 'RIFF' && ascii(b, 8, 12) === 'WAVE' },
  { mime: 'video/mp4', test: (b) => ascii(b, 4, 8) === 'ftyp' && !/^M4A/.test(ascii(b, 8, 11)) },
  { mime: 'audio/mp4', test: (b) => ascii(b, 4, 8) === 'ftyp' },
  { mime: 'audio/ogg', test: (b) => ascii(b, 0, 4) === 'OggS' },
  {
    mime: 'audio/mpeg',
    test: (b) =>
      ascii(b, 0, 3) === 'ID3' ||
      (b[0] === 0xff && ((b[1] ?? 0) & 0xe0) === 0xe0 && ((b[1] ?? 0) & 0x06) !== 0),
  },
  { mime: 'application/pdf', test: (b) => ascii(b, 0, 5) === '%PDF-' },
  { mime: 'application/zip', test: (b) => startsWith(b, [0x50, 0x4b, 0x03, 0x04]) },
  { mime: 'video/webm', test: (b) => startsWith(b, [0x1a, 0x45, 0xdf, 0xa3]) },
]

export function sniffMime(head: Uint8Array): string {
  return MAGIC.find((m) => head.length >= 4 && m.test(head))?.mime ?? 'application/octet-stream'
}

/** Windows PE, ELF and Mach-O programs, by their first bytes. */
export function isExecutable(head: Uint8Array): boolean {
  if (head.length < 4) return false
  if (head[0] === 0x4d && head[1] === 0x5a) return true
  if (startsWith(head, [0x7f, 0x45, 0x4c, 0x46])) return true
  const magic = new DataView(head.buffer, head.byteOffset, 4).getUint32(0)
  return [0xfeedface, 0xfeedfacf, 0xcefaedfe, 0xcffaedfe].includes(magic)
}

export interface ImageSize {
  width: number
  height: number
}

const valid = (width: number, height: number): ImageSize | null =>
  width > 0 && height > 0 ? { width, height } : null

/** Width and height of a PNG, JPEG or GIF from its bytes; null when they cannot be read. */
export function imageSize(b: Uint8Array, mime: string): ImageSize | null {
  const view = new DataView(b.buffer, b.byteOffset, b.byteLength)
  if (mime === 'image/png') {
    if (b.length < 24 || ascii(b, 12, 16) !== 'IHDR') return null
    return valid(view.getUint32(16), view.getUint32(20))
  }
  if (mime === 'image/gif') {
    if (b.length < 10) return null
    return valid(view.getUint16(6, true), view.getUint16(8, true))
  }
  if (mime === 'image/jpeg') return jpegSize(b, view)
  return null
}

/** Walk the segments up to a start-of-frame marker (SOF0–SOF15 but DHT, JPG and DAC). */
function jpegSize(b: Uint8Array, view: DataView): ImageSize | null {
  let i = 2
  while (i + 4 <= b.length) {
    if (b[i] !== 0xff) return null
    const marker = b[i + 1] ?? 0
    if (marker === 0xff) {
      i += 1
      continue
    }
    if (marker === 0xd8 || marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7)) {
      i += 2
      continue
    }
    const length = view.getUint16(i + 2)
    if (length < 2) return null
    const isSof = marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc
    if (isSof) {
      if (i + 9 > b.length) return null
      return valid(view.getUint16(i + 7), view.getUint16(i + 5))
    }
    if (marker === 0xda || marker === 0xd9) return null
    i += 2 + length
  }
  return null
}
