import { describe, expect, it } from 'vitest'
import {
  checkBatch,
  checkFile,
  checkImageSize,
  checkVoiceSeconds,
  MAX_UPLOAD_BYTES,
  needsCompression,
  scaledSize,
  uploadTypeOf,
} from './uploadRules'

const file = (name: string, size: number, type = '') => ({ name, size, type })
const MB = 1024 * 1024

describe('chat upload rules', () => {
  it('takes at most 8 files per pick', () => {
    expect(checkBatch(8)).toBeNull()
    expect(checkBatch(9)).toBe('tooMany')
  })

  it('refuses empty files and files over 10 MB, for every kind', () => {
    for (const kind of ['image', 'gif', 'video', 'voice', 'file'] as const) {
      expect(checkFile(kind, file('a.bin', 0))).toBe('empty')
      expect(checkFile(kind, file('a.bin', MAX_UPLOAD_BYTES + 1))).toBe('tooLarge')
    }
    expect(checkFile('video', file('a.mp4', MAX_UPLOAD_BYTES, 'video/mp4'))).toBeNull()
  })

  it('accepts each kind by extension or browser type only', () => {
    expect(checkFile('image', file('p.JPG', 10))).toBeNull()
    expect(checkFile('image', file('p.jpeg', 10))).toBeNull()
    expect(checkFile('image', file('p.png', 10))).toBeNull()
    expect(checkFile('image', file('p.gif', 10, 'image/gif'))).toBe('wrongType')
    expect(checkFile('image', file('p.webp', 10, 'image/webp'))).toBe('wrongType')
    expect(checkFile('image', file('photo', 10, 'image/png'))).toBeNull()
    expect(checkFile('gif', file('a.gif', 10))).toBeNull()
    expect(checkFile('gif', file('a.png', 10, 'image/png'))).toBe('wrongType')
    expect(checkFile('video', file('a.mp4', 10))).toBeNull()
    expect(checkFile('video', file('a.mov', 10, 'video/quicktime'))).toBe('wrongType')
    expect(checkFile('voice', file('a.mp3', 10))).toBeNull()
    expect(checkFile('voice', file('a.ogg', 10))).toBeNull()
    expect(checkFile('voice', file('a.wav', 10, 'audio/wav'))).toBe('wrongType')
    expect(checkFile('file', file('contract.pdf', 10))).toBeNull()
    expect(checkFile('file', file('anything', 10))).toBeNull()
  })

  it('compresses images over 2 MB only', () => {
    expect(needsCompression('image', 2 * MB)).toBe(false)
    expect(needsCompression('image', 2 * MB + 1)).toBe(true)
    expect(needsCompression('gif', 5 * MB)).toBe(false)
  })

  it('needs a decoded size for images (no minimum for chat images)', () => {
    expect(checkImageSize(0, 0)).toBe('imageUnreadable')
    expect(checkImageSize(120, 80)).toBeNull()
  })

  it('needs a known voice duration of at most 30 minutes', () => {
    expect(checkVoiceSeconds(null)).toBe('audioDamaged')
    expect(checkVoiceSeconds(Number.POSITIVE_INFINITY)).toBe('audioDamaged')
    expect(checkVoiceSeconds(0)).toBe('audioDamaged')
    expect(checkVoiceSeconds(12.5)).toBeNull()
    expect(checkVoiceSeconds(30 * 60)).toBeNull()
    expect(checkVoiceSeconds(30 * 60 + 1)).toBe('voiceTooLong')
  })

  it('names chatType and fileType of each kind', () => {
    expect(uploadTypeOf('image')).toEqual({ chatType: 8, fileType: 8 })
    expect(uploadTypeOf('gif')).toEqual({ chatType: 8, fileType: 7 })
    expect(uploadTypeOf('video')).toEqual({ chatType: 9 })
    expect(uploadTypeOf('voice')).toEqual({ chatType: 10 })
    expect(uploadTypeOf('file')).toEqual({ chatType: 11 })
  })

  it('scales down keeping the aspect ratio', () => {
    expect(scaledSize(4000, 3000, 2560)).toEqual({ width: 2560, height: 1920 })
    expect(scaledSize(1000, 4000, 2560)).toEqual({ width: 640, height: 2560 })
    expect(scaledSize(800, 600, 2560)).toEqual({ width: 800, height: 600 })
  })
})
