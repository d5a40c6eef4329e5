import type { FastifyInstance, LightMyRequestResponse } from 'fastify'
import { multipartBody } from '../materials/materials.fixtures.js'

/** Test helpers of the desk: calls as a user (acting as an agent, at a desk), uploads, audio files. */

export interface As {
  /** customer-user-id: the agent a supervisor acts as */
  acting?: number
  /** desk-id */
  desk?: string
  lang?: 'zh' | 'en'
}

export type Call = { res: LightMyRequestResponse; code: number; msg: string; data: unknown }

/** The part of the test context (test/harness.ts) the client needs. */
interface Harness {
  app: FastifyInstance
  call: (
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    url: string,
    opts?: {
      token?: string
      body?: unknown
      query?: Record<string, string>
      headers?: Record<string, string>
    },
  ) => Promise<Call>
}
interface Signed {
  token: string
}

export function deskClient(ctx: Harness) {
  const headers = (o: As = {}) => ({
    ...(o.acting ? { 'customer-user-id': String(o.acting) } : {}),
    ...(o.desk ? { 'desk-id': o.desk } : {}),
    ...(o.lang ? { language: o.lang } : {}),
  })
  return {
    post: (who: Signed | null, url: string, body: unknown, o?: As): Promise<Call> =>
      ctx.call('POST', url, { token: who?.token, body, headers: headers(o) }),
    put: (who: Signed | null, url: string, body: unknown, o?: As): Promise<Call> =>
      ctx.call('PUT', url, { token: who?.token, body, headers: headers(o) }),
    del: (who: Signed | null, url: string, query: Record<string, string>, o?: As): Promise<Call> =>
      ctx.call('DELETE', url, { token: who?.token, query, headers: headers(o) }),
    get: (who: Signed | null, url: string, o?: As): Promise<Call> =>
      ctx.call('GET', url, { token: who?.token, headers: headers(o) }),
    /** multipart upload-then-send */
    upload: async (
      who: Signed | null,
      fields: Record<string, string | number>,
      file?: { name: string; data: Buffer },
      o?: As,
    ): Promise<Call> => {
      const form = multipartBody(
        Object.fromEntries(Object.entries(fields).map(([k, v]) => [k, String(v)])),
        file ? [file] : [],
      )
      const res = await ctx.app.inject({
        method: 'POST',
        url: '/damai/customer/user/uploadThenSendChatMessageAsync',
        payload: form.body,
        headers: {
          'content-type': form.contentType,
          ...(who ? { authorization: `Bearer ${who.token}` } : {}),
          ...headers(o),
        },
      })
      const json = res.json() as { code: number; msg: string; data: unknown }
      return { res, ...json }
    },
  }
}

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
