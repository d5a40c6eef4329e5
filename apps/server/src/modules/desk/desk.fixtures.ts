export { type As, type Call, deskClient } from '../../test/desk-client.js'

/** Test helpers of the desk: audio files. */

function oggPage(granule: bigint, seq: number, packet: Buffer, headerType = 0): Buffer {
  const head = Buffer.alloc(27)
  head.write('OggS', 0, 'latin1')
  head[4] = 0
  head[5] = headerType
  head.writeBigInt64LE(granule, 6)
  head.writeUInt32LE(0x1234, 14)
  head.writeUInt32LE(seq, 18)
  head[26] = 1
  return Buffer.concat([head, Buffer.from([packet.length]), packet])
}

/** An Ogg Opus voice of `seconds` (headers and one data page; the duration is read from the last page). */
export function oggVoice(seconds: number): Buffer {
  const preSkip = 312
  const opusHead = Buffer.alloc(19)
  opusHead.write('OpusHead', 0, 'latin1')
  opusHead[8] = 1
  opusHead[9] = 1
  opusHead.writeUInt16LE(preSkip, 10)
  opusHead.writeUInt32LE(48_000, 12)
  const tags = Buffer.concat([Buffer.from('OpusTags', 'latin1'), Buffer.alloc(8)])
  return Buffer.concat([
    oggPage(0n, 0, opusHead, 2),
    oggPage(0n, 1, tags),
    oggPage(BigInt(preSkip + seconds * 48_000), 2, Buffer.alloc(120, 7), 4),
  ])
}

/** A CBR MP3 (MPEG-1 layer III, 128 kbit/s, 44.1 kHz) of about `seconds`, after an empty ID3v2 tag. */
export function mp3Voice(seconds: number): Buffer {
  const frame = Buffer.alloc(417)
  frame.set([0xff, 0xfb, 0x90, 0x00])
  const frames = Math.ceil((seconds * 44_100) / 1152)
  const id3 = Buffer.from([0x49, 0x44, 0x33, 3, 0, 0, 0, 0, 0, 0])
  return Buffer.concat([id3, ...Array.from({ length: frames }, () => frame)])
}

/** An Ogg file cut after its first header: its duration cannot be read. */
export const damagedOgg = (): Buffer => oggVoice(3).subarray(0, 40)
