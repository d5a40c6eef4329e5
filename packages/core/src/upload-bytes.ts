/**
 * What an uploaded file is, read from its bytes: the name and the type a browser claims are never
 * trusted. Pure byte logic on `Uint8Array` (a Node Buffer is one), shared by the server's upload
 * checks and the browser's checks before uploading, so both refuse the same files.
 */

const ascii = (b: Uint8Array, from: number, to: number): string =>
  String.fromCharCode(...b.subarray(from, to))
const startsWith = (b: Uint8Array, bytes: readonly number[]): boolean => bytes.every((v, i) => b[i] === v)
const u16be = (b: Uint8Array, i: number): number => ((b[i] ?? 0) << 8) | (b[i + 1] ?? 0)
const u16le = (b: Uint8Array, i: number): number => (b[i] ?? 0) | ((b[i + 1] ?? 0) << 8)
const u32be = (b: Uint8Array, i: number): number => u16be(b, i) * 0x10000 + u16be(b, i + 2)

export interface SniffedType {
  mime: string
  /** the extension a stored file gets */
  ext: string
}

const MAGIC: { mime: string; ext: string; test: (b: Uint8Array) => boolean }[] = [
  { mime: 'image/jpeg', ext: 'jpg', test: (b) => startsWith(b, [0xff, 0xd8, 0xff]) },
  {
    mime: 'image/png',
    ext: 'png',
    test: (b) => startsWith(b, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  },
  { mime: 'image/gif', ext: 'gif', test: (b) => ascii(b, 0, 4) === 'GIF8' },
  { mime: 'image/webp', ext: 'webp', test: (b) => ascii(b, 0, 4) === 'RIFF' && ascii(b, 8, 12) === 'WEBP' },
  { mime: 'audio/wav', ext: 'wav', test: (b) => ascii(b, 0, 4) === 'RIFF' && ascii(b, 8, 12) === 'WAVE' },
  // an M4A brand is audio in the same container as an mp4 video
  { mime: 'video/mp4', ext: 'mp4', test: (b) => ascii(b, 4, 8) === 'ftyp' && !/^M4A/.test(ascii(b, 8, 11)) },
  { mime: 'audio/mp4', ext: 'm4a', test: (b) => ascii(b, 4, 8) === 'ftyp' },
  { mime: 'audio/ogg', ext: 'ogg', test: (b) => ascii(b, 0, 4) === 'OggS' },
  {
    mime: 'audio/mpeg',
    ext: 'mp3',
    // an ID3 tag, or an MPEG audio frame sync with a valid layer
    test: (b) =>
      ascii(b, 0, 3) === 'ID3' ||
      (b[0] === 0xff && ((b[1] ?? 0) & 0xe0) === 0xe0 && ((b[1] ?? 0) & 0x06) !== 0),
  },
  { mime: 'application/pdf', ext: 'pdf', test: (b) => ascii(b, 0, 5) === '%PDF-' },
  { mime: 'application/zip', ext: 'zip', test: (b) => startsWith(b, [0x50, 0x4b, 0x03, 0x04]) },
  { mime: 'video/webm', ext: 'webm', test: (b) => startsWith(b, [0x1a, 0x45, 0xdf, 0xa3]) },
]

const UNKNOWN: SniffedType = { mime: 'application/octet-stream', ext: 'bin' }

/** The type of a file from its first bytes (16 are enough). */
export function sniffFileType(head: Uint8Array): SniffedType {
  const hit = head.length >= 4 ? MAGIC.find((m) => m.test(head)) : undefined
  return hit ? { mime: hit.mime, ext: hit.ext } : UNKNOWN
}

const MACH_O = [0xfeedface, 0xfeedfacf, 0xcefaedfe, 0xcffaedfe]

/** Windows PE, ELF and Mach-O programs, by their first bytes: no upload may carry one. */
export function isExecutable(head: Uint8Array): boolean {
  if (head.length < 4) return false
  if (head[0] === 0x4d && head[1] === 0x5a) return true
  if (startsWith(head, [0x7f, 0x45, 0x4c, 0x46])) return true
  return MACH_O.includes(u32be(head, 0))
}

export interface ImageSize {
  width: number
  height: number
}

const valid = (width: number, height: number): ImageSize | null =>
  width > 0 && height > 0 ? { width, height } : null

/** Width and height of a PNG, JPEG or GIF from its bytes; null when they cannot be read. */
export function imageSize(b: Uint8Array, mime: string): ImageSize | null {
  if (mime === 'image/png') return pngSize(b)
  if (mime === 'image/jpeg') return jpegSize(b)
  if (mime === 'image/gif') return gifSize(b)
  return null
}

/** IHDR is the first chunk: width and height are big-endian at bytes 16 and 20. */
function pngSize(b: Uint8Array): ImageSize | null {
  if (b.length < 24 || ascii(b, 12, 16) !== 'IHDR') return null
  return valid(u32be(b, 16), u32be(b, 20))
}

/** The logical screen size follows the signature, little-endian. */
function gifSize(b: Uint8Array): ImageSize | null {
  if (b.length < 10) return null
  return valid(u16le(b, 6), u16le(b, 8))
}

/** Walk the segments up to a start-of-frame marker (SOF0–SOF15 but DHT, JPG and DAC). */
function jpegSize(b: Uint8Array): ImageSize | null {
  let i = 2
  while (i + 4 <= b.length) {
    if (b[i] !== 0xff) return null
    const marker = b[i + 1] ?? 0
    if (marker === 0xff) {
      i += 1
      continue
    }
    // markers without a length
    if (marker === 0xd8 || marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7)) {
      i += 2
      continue
    }
    const length = u16be(b, i + 2)
    if (length < 2) return null
    const isSof = marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc
    if (isSof) {
      if (i + 9 > b.length) return null
      return valid(u16be(b, i + 7), u16be(b, i + 5))
    }
    if (marker === 0xda || marker === 0xd9) return null
    i += 2 + length
  }
  return null
}
