import { spawn } from 'node:child_process'
import fs from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'

/**
 * Conversions WhatsApp needs and browsers cannot do well: an animated GIF becomes an H.264 MP4
 * (WhatsApp shows it as a looping GIF), and a voice note recorded in the browser (WebM/Opus)
 * becomes Ogg/Opus, the format of WhatsApp voice notes. Both run the system `ffmpeg`
 * (Debian: `apt-get install ffmpeg`); without it they reject with `ConversionUnavailableError`.
 */
export class ConversionUnavailableError extends Error {}
export class ConversionFailedError extends Error {}

export interface ConvertOptions {
  /** the ffmpeg executable (default: `FFMPEG_PATH` or `ffmpeg` on the PATH) */
  ffmpeg?: string
  timeoutMs?: number
}

const GIF_TO_MP4 = [
  '-f',
  'gif',
  '-i',
  'in',
  '-movflags',
  '+faststart',
  '-pix_fmt',
  'yuv420p',
  // H.264 wants even dimensions
  '-vf',
  'scale=trunc(iw/2)*2:trunc(ih/2)*2',
  '-c:v',
  'libx264',
  '-preset',
  'veryfast',
  '-an',
  '-f',
  'mp4',
  'out',
]
// Opus from the browser is copied as is: no re-encoding, no quality loss
const WEBM_TO_OGG = ['-i', 'in', '-vn', '-c:a', 'copy', '-f', 'ogg', 'out']

export function gifToMp4(gif: Buffer, opts: ConvertOptions = {}): Promise<Buffer> {
  return run(gif, GIF_TO_MP4, opts)
}

export function webmToOgg(webm: Buffer, opts: ConvertOptions = {}): Promise<Buffer> {
  return run(webm, WEBM_TO_OGG, opts)
}

async function run(input: Buffer, template: string[], opts: ConvertOptions): Promise<Buffer> {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'wsdesk-convert-'))
  const inFile = path.join(dir, 'in')
  const outFile = path.join(dir, 'out')
  try {
    await fs.writeFile(inFile, input)
    const args = ['-hide_banner', '-loglevel', 'error', '-y', ...template]
    args[args.indexOf('in')] = inFile
    args[args.lastIndexOf('out')] = outFile
    await exec(opts.ffmpeg ?? process.env.FFMPEG_PATH ?? 'ffmpeg', args, opts.timeoutMs ?? 30_000)
    const out = await fs.readFile(outFile)
    if (out.length === 0) throw new ConversionFailedError('empty output')
    return out
  } finally {
    await fs.rm(dir, { recursive: true, force: true })
  }
}

function exec(bin: string, args: string[], timeoutMs: number): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(bin, args, { stdio: ['ignore', 'ignore', 'pipe'] })
    let stderr = ''
    child.stderr.on('data', (d: Buffer) => {
      if (stderr.length < 2_000) stderr += d.toString()
    })
    const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs)
    child.on('error', (err: NodeJS.ErrnoException) => {
      clearTimeout(timer)
      reject(err.code === 'ENOENT' ? new ConversionUnavailableError(`${bin} not found`) : err)
    })
    child.on('close', (code, signal) => {
      clearTimeout(timer)
      if (code === 0) resolve()
      else
        reject(
          new ConversionFailedError(signal ? `ffmpeg killed (${signal})` : stderr.trim() || `exit ${code}`),
        )
    })
  })
}
