import { describe, expect, it } from 'vitest'
import { imageSize } from './image-size.js'
import { jpegFile, pngFile } from './materials.fixtures.js'

describe('imageSize from header bytes', () => {
  it('reads PNG, GIF and JPEG sizes', () => {
    expect(imageSize(pngFile(301, 299), 'image/png')).toEqual({ width: 301, height: 299 })
    const gif = Buffer.concat([
      Buffer.from('GIF89a', 'latin1'),
      Buffer.from([0x2c, 0x01, 0x90, 0x01, 0, 0, 0]),
    ])
    expect(imageSize(gif, 'image/gif')).toEqual({ width: 300, height: 400 })
    expect(imageSize(jpegFile(640, 480), 'image/jpeg')).toEqual({ width: 640, height: 480 })
  })

  it('walks past metadata segments before the frame header of a JPEG', () => {
    const plain = jpegFile(1024, 768)
    const exif = Buffer.alloc(4 + 5000)
    exif.set([0xff, 0xe1], 0)
    exif.writeUInt16BE(5002, 2)
    const withExif = Buffer.concat([plain.subarray(0, 2), exif, plain.subarray(2)])
    expect(imageSize(withExif, 'image/jpeg')).toEqual({ width: 1024, height: 768 })
  })

  it('answers null for cut or foreign bytes', () => {
    expect(imageSize(pngFile(10, 10).subarray(0, 20), 'image/png')).toBeNull()
    expect(imageSize(jpegFile(10, 10).subarray(0, 24), 'image/jpeg')).toBeNull()
    expect(imageSize(Buffer.from('hello world, no image'), 'image/jpeg')).toBeNull()
    expect(imageSize(pngFile(10, 10), 'video/mp4')).toBeNull()
  })
})
