export interface ImageSize {
  width: number
  height: number
}

/** Width and height of a PNG, JPEG or GIF from its header bytes; null when they cannot be read. */
export function imageSize(buf: Buffer, mime: string): ImageSize | null {
  if (mime === 'image/png') return pngSize(buf)
  if (mime === 'image/jpeg') return jpegSize(buf)
  if (mime === 'image/gif') return gifSize(buf)
  return null
}

/** IHDR is the first chunk: width and height are big-endian at bytes 16 and 20. */
function pngSize(buf: Buffer): ImageSize | null {
  if (buf.length < 24 || buf.subarray(12, 16).toString('latin1') !== 'IHDR') return null
  return valid(buf.readUInt32BE(16), buf.readUInt32BE(20))
}

/** The logical screen size follows the signature, little-endian. */
function gifSize(buf: Buffer): ImageSize | null {
  if (buf.length < 10) return null
  return valid(buf.readUInt16LE(6), buf.readUInt16LE(8))
}

/** Walk the segments up to a start-of-frame marker (SOF0–SOF15 but DHT, JPG and DAC). */
function jpegSize(buf: Buffer): ImageSize | null {
  let i = 2
  while (i + 4 <= buf.length) {
    if (buf[i] !== 0xff) return null
    const marker = buf[i + 1]
    if (marker === 0xff) {
      i += 1
      continue
    }
    // markers without a length
    if (marker === 0xd8 || marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7)) {
      i += 2
      continue
    }
    const length = buf.readUInt16BE(i + 2)
    if (length < 2) return null
    const isSof = marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc
    if (isSof) {
      if (i + 9 > buf.length) return null
      return valid(buf.readUInt16BE(i + 7), buf.readUInt16BE(i + 5))
    }
    if (marker === 0xda || marker === 0xd9) return null
    i += 2 + length
  }
  return null
}

const valid = (width: number, height: number): ImageSize | null =>
  width > 0 && height > 0 ? { width, height } : null
