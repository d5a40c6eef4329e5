/**
 * Duration of an MP3 or Ogg (Opus or Vorbis) file from its bytes, in seconds; null when the
 * headers cannot be read (a damaged or truncated file).
 */
export function audioSeconds(buf: Buffer, mime: string): number | null {
  if (mime === 'audio/ogg') return oggSeconds(buf)
  if (mime === 'audio/mpeg') return mp3Seconds(buf)
  return null
}

const OGG = Buffer.from('OggS')

/** The last page's granule position over the codec's rate (Opus always counts 48 kHz, minus its pre-skip). */
function oggSeconds(buf: Buffer): number | null {
  // the first page carries the codec's identification header
  if (buf.length < 28 || !buf.subarray(0, 4).equals(OGG)) return null
  const segments = buf[26]
  const body = 27 + segments
  if (buf.length < body + 19) return null
  let rate: number
  let preSkip = 0
  if (buf.subarray(body, body + 8).toString('latin1') === 'OpusHead') {
    rate = 48_000
    preSkip = buf.readUInt16LE(body + 10)
  } else if (buf.subarray(body, body + 7).toString('latin1') === '\x01vorbis') {
    if (buf.length < body + 16) return null
    rate = buf.readUInt32LE(body + 12)
  } else return null
  if (rate <= 0) return null
  const last = buf.lastIndexOf(OGG)
  if (last <= 0 || last + 14 > buf.length) return null
  const granule = Number(buf.readBigInt64LE(last + 6))
  if (granule <= preSkip) return null
  return (granule - preSkip) / rate
}

// MPEG audio layer III: bitrates (kbit/s) by index, for MPEG-1 and for MPEG-2/2.5.
const BITRATES_V1 = [0, 32, 40, 48, 56, 64, 80, 96, 112, 128, 160, 192, 224, 256, 320]
const BITRATES_V2 = [0, 8, 16, 24, 32, 40, 48, 56, 64, 80, 96, 112, 128, 144, 160]
const RATES: Record<number, number[]> = {
  3: [44_100, 48_000, 32_000], // MPEG-1
  2: [22_050, 24_000, 16_000], // MPEG-2
  0: [11_025, 12_000, 8_000], // MPEG-2.5
}

interface FrameHeader {
  version: number
  sampleRate: number
  bitrate: number
  samplesPerFrame: number
  channels: number
  /** bytes of this frame, header included */
  length: number
}

function frameHeader(buf: Buffer, i: number): FrameHeader | null {
  if (i + 4 > buf.length || buf[i] !== 0xff || (buf[i + 1] & 0xe0) !== 0xe0) return null
  const version = (buf[i + 1] >> 3) & 0x03
  const layer = (buf[i + 1] >> 1) & 0x03
  const bitrateIndex = buf[i + 2] >> 4
  const rateIndex = (buf[i + 2] >> 2) & 0x03
  // layer III only ('01'); 'reserved' version, free and bad bitrates, reserved rate are damage
  if (version === 1 || layer !== 1 || bitrateIndex === 0 || bitrateIndex === 15 || rateIndex === 3)
    return null
  const bitrate = (version === 3 ? BITRATES_V1 : BITRATES_V2)[bitrateIndex] * 1000
  const sampleRate = RATES[version][rateIndex]
  const samplesPerFrame = version === 3 ? 1152 : 576
  const padding = (buf[i + 2] >> 1) & 0x01
  return {
    version,
    sampleRate,
    bitrate,
    samplesPerFrame,
    channels: buf[i + 3] >> 6 === 3 ? 1 : 2,
    length: Math.floor(((samplesPerFrame / 8) * bitrate) / sampleRate) + padding,
  }
}

/** After ID3v2, the first frame; a Xing/Info header gives the frame count (VBR), else the bitrate (CBR). */
function mp3Seconds(buf: Buffer): number | null {
  let start = 0
  if (buf.subarray(0, 3).toString('latin1') === 'ID3') {
    if (buf.length < 10) return null
    const size = ((buf[6] & 0x7f) << 21) | ((buf[7] & 0x7f) << 14) | ((buf[8] & 0x7f) << 7) | (buf[9] & 0x7f)
    start = 10 + size + (buf[5] & 0x10 ? 10 : 0)
  }
  const h = frameHeader(buf, start)
  if (!h) return null
  const sideInfo = h.version === 3 ? (h.channels === 1 ? 17 : 32) : h.channels === 1 ? 9 : 17
  const tag = start + 4 + sideInfo
  const id = buf.subarray(tag, tag + 4).toString('latin1')
  if ((id === 'Xing' || id === 'Info') && tag + 12 <= buf.length && buf[tag + 7] & 0x01) {
    const frames = buf.readUInt32BE(tag + 8)
    if (frames > 0) return (frames * h.samplesPerFrame) / h.sampleRate
  }
  const audioBytes = buf.length - start
  // a whole first frame, followed by another frame or the end (an ID3v1 tag may close the file)
  if (audioBytes < h.length) return null
  const next = start + h.length
  const atEnd = buf.length - next <= 128
  if (!atEnd && !frameHeader(buf, next)) return null
  return (audioBytes * 8) / h.bitrate
}
