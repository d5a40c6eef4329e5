import * as zlib from 'node:zlib'

/** Block-puzzle captcha renderer: pure TypeScript drawing into RGBA buffers plus a minimal PNG encoder. */
export interface PuzzleImages {
  background: Buffer
  piece: Buffer
  x: number
  y: number
  width: number
  height: number
  pieceSize: number
}
export interface PuzzleOptions {
  width: number
  height: number
  pieceSize: number
  random?: () => number
}

const PNG_SIGNATURE = Buffer.from([137, 80, 78, 71, 13, 10, 26, 10])
const GAP_DARKEN = 0.45
const KNOB_MARGIN = 10 // the knobs stick out this far beyond the square body
const KNOB_RADIUS = 7
const KNOB_OFFSET = 3 // knob centres sit this far outside the body edge

const CRC_TABLE = Uint32Array.from({ length: 256 }, (_, n) => {
  for (let k = 0; k < 8; k++) n = n & 1 ? 0xedb88320 ^ (n >>> 1) : n >>> 1
  return n
})
function tableCrc32(data: Uint8Array): number {
  let c = 0xffffffff
  for (let i = 0; i < data.length; i++) c = CRC_TABLE[(c ^ data[i]) & 0xff] ^ (c >>> 8)
  return (c ^ 0xffffffff) >>> 0
}
const nativeCrc32 = (zlib as { crc32?: (data: Uint8Array) => number }).crc32
const crc32 = nativeCrc32 ? (data: Uint8Array): number => nativeCrc32(data) >>> 0 : tableCrc32

function pngChunk(type: string, data: Buffer): Buffer {
  const out = Buffer.alloc(12 + data.length)
  out.writeUInt32BE(data.length, 0)
  out.write(type, 4, 'latin1')
  data.copy(out, 8)
  out.writeUInt32BE(crc32(out.subarray(4, 8 + data.length)), 8 + data.length)
  return out
}

/** Encodes 8-bit RGBA pixels (row-major, width*height*4 bytes) as a PNG, filter type 0 on every scanline. */
export function encodePng(width: number, height: number, rgba: Uint8Array): Buffer {
  if (!Number.isInteger(width) || !Number.isInteger(height) || width < 1 || height < 1) {
    throw new RangeError(`invalid PNG size ${width}x${height}`)
  }
  if (rgba.length !== width * height * 4) {
    throw new RangeError(`expected ${width * height * 4} RGBA bytes, got ${rgba.length}`)
  }
  const stride = width * 4
  const raw = Buffer.alloc((stride + 1) * height) // filter byte stays 0
  for (let y = 0; y < height; y++) raw.set(rgba.subarray(y * stride, (y + 1) * stride), y * (stride + 1) + 1)
  const ihdr = Buffer.alloc(13) // compression, filter and interlace bytes stay 0
  ihdr.writeUInt32BE(width, 0)
  ihdr.writeUInt32BE(height, 4)
  ihdr[8] = 8 // bit depth
  ihdr[9] = 6 // colour type RGBA
  return Buffer.concat([
    PNG_SIGNATURE,
    pngChunk('IHDR', ihdr),
    pngChunk('IDAT', zlib.deflateSync(raw)),
    pngChunk('IEND', Buffer.alloc(0)),
  ])
}

/**
 * Jigsaw mask of a pieceSize x pieceSize box: 1 inside, 0 outside. The body is a square of side
 * pieceSize-10 in the bottom-left corner, with one round knob on its top and one on its right edge.
 */
export function pieceMask(pieceSize: number): Uint8Array {
  const [body, r2] = [pieceSize - KNOB_MARGIN, KNOB_RADIUS ** 2]
  const mask = new Uint8Array(pieceSize * pieceSize)
  for (let y = 0; y < pieceSize; y++) {
    for (let x = 0; x < pieceSize; x++) {
      const [px, py] = [x + 0.5, y + 0.5] // pixel centre
      const inTop = (px - body / 2) ** 2 + (py - KNOB_MARGIN + KNOB_OFFSET) ** 2 <= r2
      const inRight = (px - body - KNOB_OFFSET) ** 2 + (py - KNOB_MARGIN - body / 2) ** 2 <= r2
      mask[y * pieceSize + x] = Number((px < body && py >= KNOB_MARGIN) || inTop || inRight)
    }
  }
  return mask
}

/** 0 outside, 1 interior, 2 outer edge ring (touches outside), 3 second ring (touches the edge). */
function maskRings(mask: Uint8Array, size: number): Uint8Array {
  const near = (a: Uint8Array, i: number, value: number): boolean => {
    const [x, y] = [i % size, Math.floor(i / size)]
    for (let ny = y - 1; ny <= y + 1; ny++) {
      for (let nx = x - 1; nx <= x + 1; nx++) {
        const outside = nx < 0 || ny < 0 || nx >= size || ny >= size
        if ((outside ? 0 : a[ny * size + nx]) === value) return true
      }
    }
    return false
  }
  const edge = mask.map((m, i) => (m && near(mask, i, 0) ? 2 : m))
  return edge.map((m, i) => (m === 1 && near(edge, i, 2) ? 3 : m))
}

function hsl(h: number, s: number, l: number): [number, number, number] {
  const f = (n: number): number => {
    const k = (n + h / 30) % 12
    return 255 * (l - s * Math.min(l, 1 - l) * Math.max(-1, Math.min(k - 3, 9 - k, 1)))
  }
  return [f(0), f(8), f(4)]
}

const smooth = (t: number): number => t * t * (3 - 2 * t)

/** Smoothly interpolated random lattice, values in [-1, 1]. */
function valueNoise(w: number, h: number, cell: number, rnd: () => number): Float32Array {
  const gw = Math.ceil(w / cell) + 2
  const grid = Float32Array.from({ length: gw * (Math.ceil(h / cell) + 2) }, () => rnd() * 2 - 1)
  const out = new Float32Array(w * h)
  for (let y = 0; y < h; y++) {
    const [gy, ty] = [Math.floor(y / cell), smooth((y / cell) % 1)]
    for (let x = 0; x < w; x++) {
      const [gx, tx] = [Math.floor(x / cell), smooth((x / cell) % 1)]
      const i = gy * gw + gx
      const top = grid[i] + (grid[i + 1] - grid[i]) * tx
      const bottom = grid[i + gw] + (grid[i + gw + 1] - grid[i + gw]) * tx
      out[y * w + x] = top + (bottom - top) * ty
    }
  }
  return out
}

/** Gradient + soft ellipses + stripes + two octaves of value noise, as an opaque RGBA image. */
function paintBackground(w: number, h: number, rnd: () => number): Uint8ClampedArray {
  const rgb = new Float32Array(w * h * 3)
  const baseHue = rnd() * 360
  const stops = Array.from({ length: 3 + Math.floor(rnd() * 2) }, (_, i) =>
    hsl(baseHue + i * 40 + rnd() * 60, 0.45 + rnd() * 0.35, 0.35 + rnd() * 0.3),
  )
  const angle = rnd() * Math.PI * 2
  const [ca, sa] = [Math.cos(angle), Math.sin(angle)]
  const projections = [0, w * ca, h * sa, w * ca + h * sa]
  const pMin = Math.min(...projections)
  const pSpan = Math.max(...projections) - pMin || 1
  for (let y = 0, o = 0; y < h; y++) {
    for (let x = 0; x < w; x++, o += 3) {
      const t = ((x * ca + y * sa - pMin) / pSpan) * (stops.length - 1)
      const i = Math.min(Math.floor(t), stops.length - 2)
      const [a, b] = [stops[i], stops[i + 1]]
      for (let c = 0; c < 3; c++) rgb[o + c] = a[c] + (b[c] - a[c]) * (t - i)
    }
  }
  for (let n = 4 + Math.floor(rnd() * 5); n > 0; n--) {
    const [cx, cy, rx, ry, rot] = [rnd() * w, rnd() * h, 12 + rnd() * 50, 12 + rnd() * 50, rnd() * Math.PI]
    const color = hsl(baseHue + rnd() * 180 - 60, 0.4 + rnd() * 0.5, 0.25 + rnd() * 0.55)
    const alpha = 0.3 + rnd() * 0.4
    const [cr, sr] = [Math.cos(rot), Math.sin(rot)]
    const reach = Math.max(rx, ry)
    for (let y = Math.max(0, Math.floor(cy - reach)); y < Math.min(h, cy + reach); y++) {
      for (let x = Math.max(0, Math.floor(cx - reach)); x < Math.min(w, cx + reach); x++) {
        const [dx, dy] = [x - cx, y - cy]
        const d = ((dx * cr + dy * sr) / rx) ** 2 + ((dy * cr - dx * sr) / ry) ** 2
        if (d >= 1) continue
        const a = alpha * (1 - d) * (1 - d)
        const o = (y * w + x) * 3
        for (let c = 0; c < 3; c++) rgb[o + c] += (color[c] - rgb[o + c]) * a
      }
    }
  }
  const bands = Array.from({ length: 2 }, () => {
    const [ang, freq] = [rnd() * Math.PI, 0.03 + rnd() * 0.08] // soft stripes: [fx, fy, phase, amplitude]
    return [Math.cos(ang) * freq, Math.sin(ang) * freq, rnd() * Math.PI * 2, 10 + rnd() * 14]
  })
  const coarse = valueNoise(w, h, 14, rnd)
  const fine = valueNoise(w, h, 4, rnd)
  const out = new Uint8ClampedArray(w * h * 4)
  for (let y = 0, p = 0; y < h; y++) {
    for (let x = 0; x < w; x++, p++) {
      let shade = coarse[p] * 16 + fine[p] * 6
      for (const [fx, fy, phase, amp] of bands) shade += amp * Math.sin(x * fx + y * fy + phase)
      for (let c = 0; c < 3; c++) out[p * 4 + c] = rgb[p * 3 + c] + shade
      out[p * 4 + 3] = 255
    }
  }
  return out
}

function randInt(rnd: () => number, min: number, max: number): number {
  return Math.min(max, min + Math.floor(rnd() * (max - min + 1)))
}

/** Renders a background with a darkened jigsaw-shaped gap at (x, y) and the matching movable piece. */
export function renderPuzzle(opts: PuzzleOptions): PuzzleImages {
  const { width, height, pieceSize } = opts
  const rnd = opts.random ?? Math.random
  const integers = [width, height, pieceSize].every(Number.isInteger)
  if (!integers || pieceSize < 20 || width < 2 * pieceSize + 15 || height < pieceSize + 10) {
    throw new RangeError(`unsupported puzzle geometry ${width}x${height}, piece ${pieceSize}`)
  }
  const x = randInt(rnd, pieceSize + 10, width - pieceSize - 5)
  const y = randInt(rnd, 5, height - pieceSize - 5)
  const bg = paintBackground(width, height, rnd)
  const rings = maskRings(pieceMask(pieceSize), pieceSize)
  const piece = new Uint8ClampedArray(pieceSize * pieceSize * 4)
  for (let i = 0; i < rings.length; i++) {
    const ring = rings[i]
    if (!ring) continue
    const src = ((y + Math.floor(i / pieceSize)) * width + x + (i % pieceSize)) * 4
    for (let c = 0; c < 3; c++) {
      const v = bg[src + c]
      const dark = v * GAP_DARKEN
      // piece: white-ish rim + darker inner ring so it reads on any background
      piece[i * 4 + c] = ring === 2 ? v + (250 - v) * 0.7 : ring === 3 ? v * 0.72 : v
      // gap: darkened with a light outline along the mask edge
      bg[src + c] = ring === 2 ? dark + (255 - dark) * 0.5 : dark
    }
    piece[i * 4 + 3] = 255
  }
  const bytes = (a: Uint8ClampedArray): Uint8Array => new Uint8Array(a.buffer, a.byteOffset, a.length)
  const [background, pieceImage] = [
    encodePng(width, height, bytes(bg)),
    encodePng(pieceSize, pieceSize, bytes(piece)),
  ]
  return { background, piece: pieceImage, x, y, width, height, pieceSize }
}
