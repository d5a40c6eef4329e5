import { crc32, inflateSync } from 'node:zlib'
import { describe, expect, it } from 'vitest'
import { encodePng, pieceMask, renderPuzzle } from './captcha.image.js'

function mulberry32(seed: number): () => number {
  let a = seed >>> 0
  return () => {
    a = (a + 0x6d2b79f5) >>> 0
    let t = a
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

interface DecodedPng {
  width: number
  height: number
  bitDepth: number
  colorType: number
  rgba: Uint8Array
  chunkTypes: string[]
}

/** Minimal decoder for what encodePng writes: checks signature and CRCs, requires filter byte 0 everywhere. */
function decodePng(png: Buffer): DecodedPng {
  expect([...png.subarray(0, 8)]).toEqual([137, 80, 78, 71, 13, 10, 26, 10])
  const chunkTypes: string[] = []
  const idat: Buffer[] = []
  let ihdr: Buffer = Buffer.alloc(0)
  for (let off = 8; off < png.length; ) {
    const len = png.readUInt32BE(off)
    const type = png.toString('latin1', off + 4, off + 8)
    const data = png.subarray(off + 8, off + 8 + len)
    expect(png.readUInt32BE(off + 8 + len)).toBe(crc32(png.subarray(off + 4, off + 8 + len)))
    chunkTypes.push(type)
    if (type === 'IHDR') ihdr = data
    if (type === 'IDAT') idat.push(data)
    off += 12 + len
  }
  const width = ihdr.readUInt32BE(0)
  const height = ihdr.readUInt32BE(4)
  const raw = inflateSync(Buffer.concat(idat))
  const stride = width * 4
  expect(raw.length).toBe((stride + 1) * height)
  const rgba = new Uint8Array(stride * height)
  for (let y = 0; y < height; y++) {
    expect(raw[y * (stride + 1)]).toBe(0)
    rgba.set(raw.subarray(y * (stride + 1) + 1, (y + 1) * (stride + 1)), y * stride)
  }
  return { width, height, bitDepth: ihdr[8], colorType: ihdr[9], rgba, chunkTypes }
}

const SIZE = { width: 310, height: 155, pieceSize: 47 }
const render = (seed: number) => renderPuzzle({ ...SIZE, random: mulberry32(seed) })

/** Mask pixels at least 3 px (Chebyshev) away from the outside: untouched by rims and outlines. */
function interior(mask: Uint8Array, size: number): number[] {
  const out: number[] = []
  for (let y = 0; y < size; y++) {
    for (let x = 0; x < size; x++) {
      let ok = true
      for (let dy = -2; dy <= 2 && ok; dy++) {
        for (let dx = -2; dx <= 2 && ok; dx++) {
          const [nx, ny] = [x + dx, y + dy]
          ok = nx >= 0 && ny >= 0 && nx < size && ny < size && mask[ny * size + nx] === 1
        }
      }
      if (ok) out.push(y * size + x)
    }
  }
  return out
}

describe('encodePng', () => {
  it('writes signature, IHDR, IDAT, IEND with valid CRCs and round-trips the pixels', () => {
    const rnd = mulberry32(7)
    const rgba = Uint8Array.from({ length: 7 * 5 * 4 }, () => Math.floor(rnd() * 256))
    const png = decodePng(encodePng(7, 5, rgba))
    expect(png).toMatchObject({ width: 7, height: 5, bitDepth: 8, colorType: 6 })
    expect(png.chunkTypes).toEqual(['IHDR', 'IDAT', 'IEND'])
    expect(png.rgba).toEqual(rgba)
  })

  it('rejects buffers of the wrong length and bad sizes', () => {
    expect(() => encodePng(2, 2, new Uint8Array(15))).toThrow(RangeError)
    expect(() => encodePng(0, 2, new Uint8Array(0))).toThrow(RangeError)
    expect(() => encodePng(1.5, 2, new Uint8Array(12))).toThrow(RangeError)
  })
})

describe('pieceMask', () => {
  it('is a square body with knobs on top and right that span the full pieceSize box', () => {
    const n = 47
    const mask = pieceMask(n)
    const at = (x: number, y: number) => mask[y * n + x]
    expect(at(0, 0)).toBe(0) // top-left corner is above the body, beside the top knob
    expect(at(n - 1, n - 1)).toBe(0) // bottom-right is right of the body, below the right knob
    expect(at(0, n - 1)).toBe(1)
    expect(at(18, 28)).toBe(1) // body centre
    expect(at(18, 0)).toBe(1) // tip of the top knob
    expect(at(n - 1, 28)).toBe(1) // tip of the right knob
    expect(at(5, 5)).toBe(0)
    const rows = new Set<number>()
    const cols = new Set<number>()
    mask.forEach((m, i) => {
      if (!m) return
      rows.add(Math.floor(i / n))
      cols.add(i % n)
    })
    expect([rows.size, cols.size]).toEqual([n, n])
  })
})

describe('renderPuzzle', () => {
  it('returns PNGs of the requested sizes and echoes the geometry', () => {
    const img = render(1)
    expect(img).toMatchObject(SIZE)
    expect(decodePng(img.background)).toMatchObject({ width: 310, height: 155, colorType: 6 })
    expect(decodePng(img.piece)).toMatchObject({ width: 47, height: 47, colorType: 6 })
  })

  it('piece is opaque exactly inside the mask and fully transparent outside', () => {
    const mask = pieceMask(47)
    for (const seed of [1, 2, 3]) {
      const { rgba } = decodePng(render(seed).piece)
      mask.forEach((m, i) => {
        expect(rgba[i * 4 + 3]).toBe(m ? 255 : 0)
        if (!m) expect([...rgba.subarray(i * 4, i * 4 + 4)]).toEqual([0, 0, 0, 0])
      })
    }
  })

  it('darkens the gap in the background relative to the piece and outlines it lighter', () => {
    const img = render(42)
    const bg = decodePng(img.background).rgba
    const piece = decodePng(img.piece).rgba
    const mask = pieceMask(47)
    const inner = interior(mask, 47)
    expect(inner.length).toBeGreaterThan(800)
    let [bgSum, pieceSum] = [0, 0]
    const bgAt = (i: number) => ((img.y + Math.floor(i / 47)) * 310 + img.x + (i % 47)) * 4
    for (const i of inner) {
      for (let c = 0; c < 3; c++) {
        const [b, p] = [bg[bgAt(i) + c], piece[i * 4 + c]]
        expect(Math.abs(b - p * 0.45)).toBeLessThanOrEqual(1)
        bgSum += b
        pieceSum += p
      }
    }
    expect(bgSum).toBeLessThan(pieceSum * 0.5)
    // the 1 px rim of the gap (mask pixels touching the outside) is lighter than the darkened inside
    const lum = (i: number) => bg[bgAt(i)] + bg[bgAt(i) + 1] + bg[bgAt(i) + 2]
    const rim = [...mask.keys()].filter((i) => mask[i] && (i % 47 === 0 || !mask[i - 1]))
    const avg = (xs: number[]) => xs.reduce((s, i) => s + lum(i), 0) / xs.length
    expect(avg(rim)).toBeGreaterThan(avg(inner) + 40)
  })

  it('keeps x/y within bounds across 200 seeded renders and spreads them out', { timeout: 120_000 }, () => {
    const rnd = mulberry32(2024)
    const xs = new Set<number>()
    const ys = new Set<number>()
    for (let k = 0; k < 200; k++) {
      const { x, y } = renderPuzzle({ ...SIZE, random: rnd })
      expect(Number.isInteger(x) && Number.isInteger(y)).toBe(true)
      expect(x).toBeGreaterThanOrEqual(57)
      expect(x).toBeLessThanOrEqual(310 - 47 - 5)
      expect(y).toBeGreaterThanOrEqual(5)
      expect(y).toBeLessThanOrEqual(155 - 47 - 5)
      xs.add(x)
      ys.add(y)
    }
    expect(xs.size).toBeGreaterThan(60)
    expect(ys.size).toBeGreaterThan(30)
  })

  it('hits the exact bounds for extreme random values', () => {
    expect(renderPuzzle({ ...SIZE, random: () => 0 })).toMatchObject({ x: 57, y: 5 })
    expect(renderPuzzle({ ...SIZE, random: () => 0.9999999 })).toMatchObject({ x: 258, y: 103 })
  })

  it('is byte-identical for the same seed and differs between seeds', () => {
    const [a, b, c] = [render(99), render(99), render(100)]
    expect(a.background.equals(b.background)).toBe(true)
    expect(a.piece.equals(b.piece)).toBe(true)
    expect([a.x, a.y]).toEqual([b.x, b.y])
    expect(a.background.equals(c.background)).toBe(false)
    expect(a.piece.equals(c.piece)).toBe(false)
  })

  it('draws a varied background, not a flat colour', () => {
    const img = render(5)
    const bg = decodePng(img.background).rgba
    const colours = new Set<number>()
    for (let i = 0; i < bg.length; i += 4) colours.add((bg[i] << 16) | (bg[i + 1] << 8) | bg[i + 2])
    expect(colours.size).toBeGreaterThan(3000)
    // neighbouring 10x10 blocks outside the gap differ, so a row/column colour scan finds no flat region
    const mean = (bx: number, by: number) => {
      let s = 0
      for (let y = by; y < by + 10; y++) for (let x = bx; x < bx + 10; x++) s += bg[(y * 310 + x) * 4]
      return s / 100
    }
    const blocks = [0, 10, 20, 30].map((bx) => mean(bx, 0))
    expect(new Set(blocks.map(Math.round)).size).toBeGreaterThan(1)
  })

  it('rejects geometry that cannot hold the piece', () => {
    expect(() => renderPuzzle({ width: 80, height: 155, pieceSize: 47 })).toThrow(RangeError)
    expect(() => renderPuzzle({ width: 310, height: 50, pieceSize: 47 })).toThrow(RangeError)
    expect(() => renderPuzzle({ width: 310.5, height: 155, pieceSize: 47 })).toThrow(RangeError)
  })

  it('renders quickly with the default Math.random (timing logged, not asserted)', () => {
    renderPuzzle(SIZE) // warm-up
    const runs = 50
    const start = performance.now()
    for (let k = 0; k < runs; k++) renderPuzzle(SIZE)
    const ms = (performance.now() - start) / runs
    console.log(`renderPuzzle 310x155: ${ms.toFixed(2)} ms/render (avg of ${runs})`)
    expect(ms).toBeGreaterThan(0)
  })
})
