import { execFileSync } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { sniffFileType } from '@app/core'
import { afterAll, describe, expect, it } from 'vitest'
import { ConversionFailedError, ConversionUnavailableError, gifToMp4, webmToOgg } from './convert.js'

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'convert-test-'))
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }))

/** A sample made by ffmpeg from one of its test sources. */
function sample(name: string, args: string[]): Buffer {
  const file = path.join(dir, name)
  execFileSync('ffmpeg', ['-hide_banner', '-loglevel', 'error', '-y', ...args, file])
  return fs.readFileSync(file)
}

describe('media conversion', () => {
  it('turns an animated GIF into an H.264 MP4', async () => {
    const gif = sample('a.gif', ['-f', 'lavfi', '-i', 'testsrc=size=101x75:rate=5', '-t', '1'])
    expect(sniffFileType(gif).mime).toBe('image/gif')
    const mp4 = await gifToMp4(gif)
    expect(sniffFileType(mp4).mime).toBe('video/mp4')
    const probe = execFileSync('ffprobe', ['-v', 'error', '-show_streams', '-of', 'json', '-i', 'pipe:0'], {
      input: mp4,
    }).toString()
    const stream = JSON.parse(probe).streams[0]
    expect(stream).toMatchObject({ codec_name: 'h264', width: 100, height: 74 })
  })

  it('copies browser-recorded Opus from WebM into Ogg', async () => {
    const webm = sample('v.webm', ['-f', 'lavfi', '-i', 'sine=frequency=440:duration=1', '-c:a', 'libopus'])
    expect(sniffFileType(webm).mime).toBe('video/webm')
    const ogg = await webmToOgg(webm)
    expect(sniffFileType(ogg).mime).toBe('audio/ogg')
  })

  it('rejects bytes that are not what they claim', async () => {
    await expect(gifToMp4(Buffer.from('GIF89a but not really'))).rejects.toBeInstanceOf(ConversionFailedError)
    await expect(webmToOgg(Buffer.from('nothing'))).rejects.toBeInstanceOf(ConversionFailedError)
  })

  it('says so when ffmpeg is not installed', async () => {
    await expect(gifToMp4(Buffer.from('GIF89a'), { ffmpeg: '/nonexistent/ffmpeg' })).rejects.toBeInstanceOf(
      ConversionUnavailableError,
    )
  })
})
