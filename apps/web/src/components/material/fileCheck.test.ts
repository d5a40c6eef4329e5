import { UPLOAD_MAX_BYTES } from '@app/core'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { i18n } from '../../i18n'
import { fileOf, pngHead } from '../../test/fixtures'
import { checkMaterialUpload } from './fileCheck'

const JPEG = [0xff, 0xd8, 0xff, 0xe0]
const MP4 = [0, 0, 0, 0x18, 0x66, 0x74, 0x79, 0x70, 0x69, 0x73, 0x6f, 0x6d]
const OGG = [0x4f, 0x67, 0x67, 0x53]
const EXE = [0x4d, 0x5a, 0x90, 0x00]

beforeEach(() => i18n.changeLanguage('en'))
afterEach(() => i18n.changeLanguage('zh'))

describe('material upload checks (as the server checks)', () => {
  it('refuses a file over 10 MB before reading it', async () => {
    const file = fileOf('big.png', pngHead(400, 400), UPLOAD_MAX_BYTES + 1)
    expect(await checkMaterialUpload(file, 'image', 'message')).toEqual({
      ok: false,
      message: 'The file must not be larger than 10 MB',
    })
  })

  it('refuses an empty file and a program', async () => {
    expect(await checkMaterialUpload(new File([], 'empty.mp3'), 'voice', 'message')).toEqual({
      ok: false,
      message: 'Choose a file to upload',
    })
    expect(await checkMaterialUpload(fileOf('setup.pdf', EXE, 64), 'file', 'message')).toEqual({
      ok: false,
      message: 'Executable files cannot be uploaded',
    })
  })

  it('reads the format from the bytes, not the name', async () => {
    const pngNamedMp4 = fileOf('clip.mp4', pngHead(10, 10), 64)
    expect(await checkMaterialUpload(pngNamedMp4, 'video', 'message')).toEqual({
      ok: false,
      message: 'The file does not match the chosen type: only mp4 is accepted',
    })
    expect(await checkMaterialUpload(fileOf('a.ogg', MP4, 64), 'voice', 'message')).toMatchObject({
      ok: false,
      message: 'The file does not match the chosen type: only mp3/ogg is accepted',
    })
    expect(await checkMaterialUpload(fileOf('a.bin', OGG, 64), 'voice', 'message')).toMatchObject({
      ok: true,
    })
    expect(await checkMaterialUpload(fileOf('clip.bin', MP4, 64), 'gif', 'message')).toMatchObject({
      ok: true,
    })
  })

  it('wants an avatar of at least 300x300; chat images have no minimum', async () => {
    const small = fileOf('me.png', pngHead(299, 500), 64)
    expect(await checkMaterialUpload(small, 'image', 'avatar')).toEqual({
      ok: false,
      message: 'An avatar must be at least 300x300 (this one is 299x500)',
    })
    expect(await checkMaterialUpload(small, 'image', 'message')).toEqual({
      ok: true,
      mime: 'image/png',
      width: 299,
      height: 500,
    })
    expect(
      await checkMaterialUpload(fileOf('me.png', pngHead(300, 300), 64), 'image', 'avatar'),
    ).toMatchObject({
      ok: true,
    })
  })

  it('reads a JPEG size from its frame header', async () => {
    // SOI, an APP0 segment of 16 bytes, then SOF0 with height 120 and width 640
    const jpeg = [0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, ...new Array(14).fill(0)]
    const sof = [0xff, 0xc0, 0x00, 0x11, 0x08, 0x00, 0x78, 0x02, 0x80, 0x03]
    expect(await checkMaterialUpload(fileOf('wide.jpg', [...jpeg, ...sof], 64), 'image', 'avatar')).toEqual({
      ok: false,
      message: 'An avatar must be at least 300x300 (this one is 640x120)',
    })
  })

  it('refuses an image whose size cannot be read, and a non-image avatar', async () => {
    expect(await checkMaterialUpload(fileOf('broken.jpg', JPEG, 8), 'image', 'message')).toEqual({
      ok: false,
      message: 'The image is damaged or cannot be read, upload it again',
    })
    expect(await checkMaterialUpload(fileOf('a.mp4', MP4, 64), 'video', 'avatar')).toEqual({
      ok: false,
      message: 'Nickname materials are texts and avatar materials are images',
    })
  })
})
