import { deflateSync } from 'node:zlib'
import type { MediaKind } from '../messaging-gateway.js'

export interface StoredMedia {
  data: Buffer
  mimetype: string
  fileName?: string
}

/** Media the simulated world holds in memory, by handle ('sim:<n>'). */
export class MediaStore {
  private readonly items = new Map<string, StoredMedia>()
  private seq = 0
  private bytes = 0

  put(item: StoredMedia): string {
    const handle = `sim:${++this.seq}`
    this.items.set(handle, item)
    this.bytes += item.data.length
    return handle
  }
  get(handle: string): StoredMedia | undefined {
    return this.items.get(handle)
  }
  delete(handle: string): void {
    const item = this.items.get(handle)
    if (!item) return
    this.items.delete(handle)
    this.bytes -= item.data.length
  }
  get totalBytes(): number {
    return this.bytes
  }
}

const CRC_TABLE = (() => {
  const t = new Uint32Array(256)
  for (let n = 0; n < 256; n++) {
    let c = n
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1
    t[n] = c >>> 0
  }
  return t
})()

function crc32(buf: Buffer): number {
  let c = 0xffffffff
  for (const b of buf) c = CRC_TABLE[(c ^ b) & 0xff] ^ (c >>> 8)
  return (c ^ 0xffffffff) >>> 0
}

function chunk(type: string, data: Buffer): Buffer {
  const len = Buffer.alloc(4)
  len.writeUInt32BE(data.length)
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data])
  const crc = Buffer.alloc(4)
  crc.writeUInt32BE(crc32(body))
  return Buffer.concat([len, body, crc])
}

/** A valid solid-colour PNG (default 320×320, so it passes the product's 300×300 minimum). */
export function samplePng(rgb: [number, number, number], size = 320): Buffer {
  const ihdr = Buffer.alloc(13)
  ihdr.writeUInt32BE(size, 0)
  ihdr.writeUInt32BE(size, 4)
  ihdr.set([8, 2, 0, 0, 0], 8) // 8-bit RGB
  const row = Buffer.alloc(1 + size * 3)
  for (let x = 0; x < size; x++) row.set(rgb, 1 + x * 3)
  const raw = Buffer.concat(Array.from({ length: size }, () => row))
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(raw)),
    chunk('IEND', Buffer.alloc(0)),
  ])
}

/** A valid mono 8 kHz WAV with a short tone, playable by a browser. */
function sampleWav(seconds = 1, hz = 440): Buffer {
  const rate = 8000
  const n = Math.round(rate * seconds)
  const buf = Buffer.alloc(44 + n * 2)
  buf.write('RIFF', 0, 'ascii')
  buf.writeUInt32LE(36 + n * 2, 4)
  buf.write('WAVEfmt ', 8, 'ascii')
  buf.writeUInt32LE(16, 16)
  buf.writeUInt16LE(1, 20)
  buf.writeUInt16LE(1, 22)
  buf.writeUInt32LE(rate, 24)
  buf.writeUInt32LE(rate * 2, 28)
  buf.writeUInt16LE(2, 32)
  buf.writeUInt16LE(16, 34)
  buf.write('data', 36, 'ascii')
  buf.writeUInt32LE(n * 2, 40)
  for (let i = 0; i < n; i++)
    buf.writeInt16LE(Math.round(Math.sin((2 * Math.PI * hz * i) / rate) * 6000), 44 + i * 2)
  return buf
}

/** Colours of generated sample images. */
const SAMPLE_COLOURS: [number, number, number][] = [
  [37, 211, 102],
  [18, 140, 126],
  [52, 183, 241],
  [255, 193, 7],
  [233, 30, 99],
  [156, 39, 176],
  [255, 87, 34],
  [96, 125, 139],
]
const sampleCache = new Map<string, Buffer>()
const cached = (key: string, make: () => Buffer): Buffer => {
  let b = sampleCache.get(key)
  if (!b) {
    b = make()
    sampleCache.set(key, b)
  }
  return b
}

/** Sample bytes and type for media a simulated customer sends without giving any (built once, shared). */
export function sampleMedia(kind: MediaKind, colour = 0): StoredMedia {
  const rgb = SAMPLE_COLOURS[colour % SAMPLE_COLOURS.length]
  switch (kind) {
    case 'image':
      return { data: cached(`png${colour}`, () => samplePng(rgb)), mimetype: 'image/png' }
    case 'sticker':
      return { data: cached(`sticker${colour}`, () => samplePng(rgb, 96)), mimetype: 'image/png' }
    case 'audio':
      return { data: cached('wav', () => sampleWav(2)), mimetype: 'audio/wav' }
    case 'video':
      // not a playable clip: the simulator only needs bytes with the right type
      return { data: Buffer.from('simulated video'), mimetype: 'video/mp4' }
    case 'document':
      return { data: Buffer.from('Simulated document\n'), mimetype: 'text/plain', fileName: 'document.txt' }
  }
}
