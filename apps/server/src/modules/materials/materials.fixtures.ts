export { multipartBody } from '../../test/multipart.js'

import { execFileSync } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { crc32, deflateSync } from 'node:zlib'

/** Tiny but well-formed files, to test upload checks made from the bytes. */

function pngChunk(type: string, data: Buffer): Buffer {
  const len = Buffer.alloc(4)
  len.writeUInt32BE(data.length)
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data])
  const crc = Buffer.alloc(4)
  crc.writeUInt32BE(crc32(body))
  return Buffer.concat([len, body, crc])
}

/** A grey PNG of width x height. */
export function pngFile(width: number, height: number): Buffer {
  const ihdr = Buffer.alloc(13)
  ihdr.writeUInt32BE(width, 0)
  ihdr.writeUInt32BE(height, 4)
  ihdr.set([8, 0, 0, 0, 0], 8) // 8-bit greyscale
  const row = Buffer.alloc(1 + width, 0x80)
  row[0] = 0
  const raw = Buffer.concat(Array.from({ length: height }, () => row))
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', ihdr),
    pngChunk('IDAT', deflateSync(raw)),
    pngChunk('IEND', Buffer.alloc(0)),
  ])
}

/** A JPEG header (SOI, APP0 JFIF, SOF0 with the size, EOI): enough for its type and size to be read. */
export function jpegFile(width: number, height: number): Buffer {
  const app0 = Buffer.from([0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, 1, 1, 0, 0, 1, 0, 1, 0, 0])
  const sof = Buffer.from([0xff, 0xc0, 0x00, 0x11, 8, 0, 0, 0, 0, 3, 1, 0x22, 0, 2, 0x11, 1, 3, 0x11, 1])
  sof.writeUInt16BE(height, 5)
  sof.writeUInt16BE(width, 7)
  return Buffer.concat([Buffer.from([0xff, 0xd8]), app0, sof, Buffer.from([0xff, 0xd9])])
}

/** A minimal MP4: an ftyp box and an empty mdat. */
export function mp4File(): Buffer {
  const ftyp = Buffer.concat([
    Buffer.from([0, 0, 0, 0x18]),
    Buffer.from('ftypisom', 'latin1'),
    Buffer.from([0, 0, 2, 0]),
    Buffer.from('isomiso2', 'latin1'),
  ])
  return Buffer.concat([ftyp, Buffer.from([0, 0, 0, 8]), Buffer.from('mdat', 'latin1')])
}

/** A real animated GIF (1 s, 5 frames), made by ffmpeg from its test source. */
export function animatedGif(): Buffer {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'material-gif-'))
  try {
    const file = path.join(dir, 'a.gif')
    execFileSync('ffmpeg', [
      '-hide_banner',
      '-loglevel',
      'error',
      '-y',
      '-f',
      'lavfi',
      '-i',
      'testsrc=size=64x48:rate=5',
      '-t',
      '1',
      file,
    ])
    return fs.readFileSync(file)
  } finally {
    fs.rmSync(dir, { recursive: true, force: true })
  }
}

/** A GIF header with no picture in it. */
export const gifFile = (): Buffer =>
  Buffer.concat([Buffer.from('GIF89a', 'latin1'), Buffer.from([10, 0, 10, 0, 0, 0, 0]), Buffer.from([0x3b])])
export const mp3File = (): Buffer => Buffer.concat([Buffer.from('ID3', 'latin1'), Buffer.alloc(64, 1)])
export const oggFile = (): Buffer => Buffer.concat([Buffer.from('OggS', 'latin1'), Buffer.alloc(64, 2)])
/** The start of a Windows program. */
export const exeFile = (): Buffer =>
  Buffer.concat([
    Buffer.from('MZ', 'latin1'),
    Buffer.alloc(58),
    Buffer.from('This program cannot be run in DOS mode'),
  ])
