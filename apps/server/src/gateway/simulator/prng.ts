/** mulberry32: a small, fast, seedable PRNG; the same seed gives the same world. */
export function mulberry32(seed: number): () => number {
  let a = seed >>> 0
  return () => {
    a = (a + 0x6d2b79f5) >>> 0
    let t = a
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

/** A string → 32-bit seed (FNV-1a), to derive independent streams from one seed. */
export function hashSeed(text: string): number {
  let h = 0x811c9dc5
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i)
    h = Math.imul(h, 0x01000193)
  }
  return h >>> 0
}

const HEX = '0123456789ABCDEF'

export class Rng {
  private readonly next: () => number

  constructor(readonly seed: number) {
    this.next = mulberry32(seed)
  }

  /** [0, 1) */
  float(): number {
    return this.next()
  }
  /** integer in [min, max] */
  int(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1))
  }
  /** a delay in [range[0], range[1]] ms */
  between(range: readonly [number, number]): number {
    return this.int(range[0], range[1])
  }
  chance(p: number): boolean {
    return this.next() < p
  }
  pick<T>(items: readonly T[]): T {
    return items[Math.floor(this.next() * items.length)]
  }
  digits(n: number): string {
    let s = ''
    for (let i = 0; i < n; i++) s += String(Math.floor(this.next() * 10))
    return s
  }
  hex(n: number): string {
    let s = ''
    for (let i = 0; i < n; i++) s += HEX[Math.floor(this.next() * 16)]
    return s
  }
  /** A WhatsApp-looking message id ('3EB0' + 18 hex). */
  messageId(): string {
    return `3EB0${this.hex(18)}`
  }
  /** An independent stream for one purpose, so adding draws elsewhere does not shift it. */
  fork(label: string): Rng {
    return new Rng((this.seed ^ hashSeed(label)) >>> 0)
  }
}
