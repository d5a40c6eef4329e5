import { describe, expect, it } from 'vitest'
import { chimeWav } from './chime'

const read = async () => new DataView(await chimeWav().arrayBuffer())
const ascii = (v: DataView, at: number, length: number) =>
  String.fromCharCode(...Array.from({ length }, (_, i) => v.getUint8(at + i)))

describe('the new-message chime', () => {
  it('is a 0.4 s mono 16-bit PCM WAV file a browser can play', async () => {
    const wav = await read()
    expect(chimeWav().type).toBe('audio/wav')
    expect([ascii(wav, 0, 4), ascii(wav, 8, 4), ascii(wav, 12, 4), ascii(wav, 36, 4)]).toEqual([
      'RIFF',
      'WAVE',
      'fmt ',
      'data',
    ])
    expect(wav.getUint32(4, true)).toBe(wav.byteLength - 8)
    expect(wav.getUint16(20, true)).toBe(1)
    expect(wav.getUint16(22, true)).toBe(1)
    const rate = wav.getUint32(24, true)
    expect(wav.getUint32(28, true)).toBe(rate * 2)
    expect(wav.getUint16(34, true)).toBe(16)
    expect(wav.getUint32(40, true) / 2 / rate).toBeCloseTo(0.4, 3)
    expect(wav.getUint32(40, true)).toBe(wav.byteLength - 44)
  })

  it('sounds at first and fades out to near silence', async () => {
    const wav = await read()
    const samples = (wav.byteLength - 44) / 2
    const loudest = (from: number, to: number) => {
      let peak = 0
      for (let i = from; i < to; i++) peak = Math.max(peak, Math.abs(wav.getInt16(44 + i * 2, true)))
      return peak
    }
    const start = loudest(0, samples / 10)
    expect(start).toBeGreaterThan(3_000)
    expect(loudest(samples - samples / 10, samples)).toBeLessThan(start / 10)
  })
})
