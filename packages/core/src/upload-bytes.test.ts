import { describe, expect, it } from 'vitest'
import { ErrorCode } from './errors.js'
import { imageSize, isExecutable, sniffFileType } from './upload-bytes.js'
import { materialFileVerdict } from './upload-check.js'

const bytes = (...parts: (number[] | string)[]): Uint8Array =>
  Uint8Array.from(parts.flatMap((p) => (typeof p === 'string' ? [...p].map((c) => c.charCodeAt(0)) : p)))

const be16 = (n: number) => [n >> 8, n & 0xff]
const be32 = (n: number) => [...be16(Math.floor(n / 0x10000)), ...be16(n & 0xffff)]

/** Signature and IHDR of a PNG of width x height (the rest of the file does not matter here). */
const png = (width: number, height: number) =>
  bytes([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13], 'IHDR', be32(width), be32(height))

/** SOI, an APP0 segment, a SOF0 with the size, EOI. */
const jpeg = (width: number, height: number, before: number[] = []) =>
  bytes(
    [0xff, 0xd8],
    [0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, 1, 1, 0, 0, 1, 0, 1, 0, 0],
    before,
    [0xff, 0xc0, 0x00, 0x11, 8, ...be16(height), ...be16(width), 3, 1, 0x22, 0, 2, 0x11, 1, 3, 0x11, 1],
    [0xff, 0xd9],
  )

const MP4 = bytes([0, 0, 0, 0x18], 'ftypisom', [0, 0, 2, 0])
const M4A = bytes([0, 0, 0, 0x18], 'ftypM4A ', [0, 0, 2, 0])
const OGG = bytes('OggS', [0, 2, 0, 0])
const EXE = bytes([0x4d, 0x5a, 0x90, 0x00])

describe('sniffFileType: the type from the first bytes, never from the name', () => {
  it.each([
    [png(1, 1), 'image/png', 'png'],
    [jpeg(1, 1), 'image/jpeg', 'jpg'],
    [bytes('GIF89a', [1, 0, 1, 0]), 'image/gif', 'gif'],
    [bytes('RIFF', [0, 0, 0, 0], 'WEBP'), 'image/webp', 'webp'],
    [bytes('RIFF', [0, 0, 0, 0], 'WAVE'), 'audio/wav', 'wav'],
    [MP4, 'video/mp4', 'mp4'],
    [M4A, 'audio/mp4', 'm4a'],
    [OGG, 'audio/ogg', 'ogg'],
    [bytes('ID3', [3, 0]), 'audio/mpeg', 'mp3'],
    [bytes([0xff, 0xfb, 0x90, 0x64]), 'audio/mpeg', 'mp3'],
    [bytes('%PDF-1.7'), 'application/pdf', 'pdf'],
    [bytes([0x50, 0x4b, 0x03, 0x04]), 'application/zip', 'zip'],
    [bytes([0x1a, 0x45, 0xdf, 0xa3]), 'video/webm', 'webm'],
  ])('%#: %s', (head, mime, ext) => expect(sniffFileType(head)).toEqual({ mime, ext }))

  it('answers octet-stream for unknown or too few bytes', () => {
    const unknown = { mime: 'application/octet-stream', ext: 'bin' }
    expect(sniffFileType(bytes('hello world'))).toEqual(unknown)
    expect(sniffFileType(bytes([0xff, 0xd8, 0xff]))).toEqual(unknown)
    // a frame sync without a valid layer is no mp3
    expect(sniffFileType(bytes([0xff, 0xe0, 0, 0]))).toEqual(unknown)
  })
})

describe('isExecutable', () => {
  it.each([
    ['PE', EXE],
    ['ELF', bytes([0x7f], 'ELF')],
    ['Mach-O 32', bytes([0xfe, 0xed, 0xfa, 0xce])],
    ['Mach-O 64', bytes([0xfe, 0xed, 0xfa, 0xcf])],
    ['Mach-O reversed', bytes([0xcf, 0xfa, 0xed, 0xfe])],
  ])('finds a %s program', (_, head) => expect(isExecutable(head)).toBe(true))

  it('lets documents and short files through', () => {
    expect(isExecutable(bytes('%PDF-1.7'))).toBe(false)
    expect(isExecutable(bytes([0x4d]))).toBe(false)
    expect(isExecutable(png(1, 1))).toBe(false)
  })

  it('reads a view into a larger buffer from its own start', () => {
    const outer = bytes([0, 0, 0, 0], [0x7f], 'ELF')
    expect(isExecutable(outer.subarray(4))).toBe(true)
  })
})

describe('imageSize from header bytes', () => {
  it('reads PNG, GIF and JPEG sizes', () => {
    expect(imageSize(png(301, 299), 'image/png')).toEqual({ width: 301, height: 299 })
    expect(imageSize(png(70_000, 2), 'image/png')).toEqual({ width: 70_000, height: 2 })
    expect(imageSize(bytes('GIF89a', [0x2c, 0x01, 0x90, 0x01, 0, 0, 0]), 'image/gif')).toEqual({
      width: 300,
      height: 400,
    })
    expect(imageSize(jpeg(640, 480), 'image/jpeg')).toEqual({ width: 640, height: 480 })
  })

  it('walks past metadata segments (and fill bytes) before the frame header of a JPEG', () => {
    const exif = [0xff, 0xe1, ...be16(5002), ...new Array<number>(5000).fill(0)]
    expect(imageSize(jpeg(1024, 768, [...exif, 0xff]), 'image/jpeg')).toEqual({ width: 1024, height: 768 })
  })

  it('answers null for cut, empty-sized or foreign bytes', () => {
    expect(imageSize(png(10, 10).subarray(0, 20), 'image/png')).toBeNull()
    expect(imageSize(png(0, 10), 'image/png')).toBeNull()
    expect(imageSize(jpeg(10, 10).subarray(0, 24), 'image/jpeg')).toBeNull()
    expect(imageSize(bytes('hello world, no image'), 'image/jpeg')).toBeNull()
    expect(imageSize(png(10, 10), 'video/mp4')).toBeNull()
  })
})

describe('materialFileVerdict', () => {
  const pad = (head: Uint8Array, size = 64) => {
    const b = new Uint8Array(Math.max(size, head.length))
    b.set(head)
    return b
  }

  it('refuses what the usage never holds', () => {
    expect(materialFileVerdict('video', 'avatar', pad(MP4))).toEqual({
      ok: false,
      validation: 'material.usageType',
    })
    expect(materialFileVerdict('image', 'nickname', pad(png(400, 400)))).toEqual({
      ok: false,
      validation: 'material.usageType',
    })
  })

  it('refuses an empty file, one over 10 MB and a program', () => {
    expect(materialFileVerdict('voice', 'message', new Uint8Array())).toEqual({
      ok: false,
      code: ErrorCode.uploadMissing,
    })
    expect(materialFileVerdict('image', 'message', png(400, 400), 10 * 1024 * 1024 + 1)).toEqual({
      ok: false,
      code: ErrorCode.uploadTooLarge,
    })
    expect(materialFileVerdict('file', 'message', pad(EXE))).toEqual({
      ok: false,
      code: ErrorCode.uploadExecutable,
    })
  })

  it('reads the format from the bytes and names what the type accepts', () => {
    expect(materialFileVerdict('video', 'message', pad(png(10, 10)))).toEqual({
      ok: false,
      code: ErrorCode.uploadTypeMismatch,
      params: { accept: 'mp4' },
    })
    expect(materialFileVerdict('voice', 'message', pad(OGG))).toEqual({
      ok: true,
      mime: 'audio/ogg',
      width: null,
      height: null,
    })
    expect(materialFileVerdict('file', 'message', pad(MP4))).toMatchObject({ ok: true, mime: 'video/mp4' })
  })

  it('wants an avatar of at least 300x300; message images have no minimum', () => {
    expect(materialFileVerdict('image', 'avatar', pad(png(299, 500)))).toEqual({
      ok: false,
      code: ErrorCode.avatarTooSmall,
      params: { width: 299, height: 500 },
    })
    expect(materialFileVerdict('image', 'message', pad(png(299, 500)))).toEqual({
      ok: true,
      mime: 'image/png',
      width: 299,
      height: 500,
    })
  })

  it('refuses an image whose size cannot be read; a GIF material may still be sent as it is', () => {
    expect(materialFileVerdict('image', 'message', bytes([0xff, 0xd8, 0xff, 0xe0]))).toEqual({
      ok: false,
      code: ErrorCode.imageUnreadable,
    })
    expect(materialFileVerdict('gif', 'message', bytes('GIF8'))).toEqual({
      ok: true,
      mime: 'image/gif',
      width: null,
      height: null,
    })
  })
})
