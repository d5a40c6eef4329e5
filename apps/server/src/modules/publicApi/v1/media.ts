import { ChatUploadType, UPLOAD_MAX_BYTES } from '@app/core'
import { z } from 'zod'
import { type OutboundGuard, OutboundRefusedError } from '../../../net/outbound/outbound-guard.js'
import { problem } from './problem.js'

/** How long the address of a file may take to hand it over. */
const FETCH_MS = 20_000

/** A file to send, fetched from an address the caller gives (image, video, voice or any file). */
export const mediaMessage = z.object({
  type: z.literal('media'),
  kind: z
    .enum(['image', 'video', 'voice', 'file'])
    .meta({ description: 'image: jpg/png; video: mp4; voice: mp3 or ogg; file: anything but a program' }),
  url: z
    .string()
    .max(2000, 'tooLong')
    .regex(/^https?:\/\/\S+$/i, 'invalid')
    .meta({
      description: 'Where the server fetches the file (at most 10 MB); private addresses are refused',
    }),
  caption: z.string().trim().max(1024, 'tooLong').optional(),
  fileName: z
    .string()
    .trim()
    .max(200, 'tooLong')
    .optional()
    .meta({ description: 'The name a file is shown by' }),
})
export type MediaMessage = z.infer<typeof mediaMessage>

export const CHAT_TYPE_OF = {
  image: ChatUploadType.image,
  video: ChatUploadType.video,
  voice: ChatUploadType.voice,
  file: ChatUploadType.file,
} as const

/**
 * The file at `url`, through the guard of tenant-set addresses (no private or local address unless
 * the operator allows it), read to at most the upload limit; refusals are 422 problems.
 */
export async function fetchMedia(
  outbound: OutboundGuard,
  url: string,
): Promise<{ bytes: Buffer; name: string }> {
  let res: Response
  try {
    res = await outbound.fetch(url, { signal: AbortSignal.timeout(FETCH_MS) })
  } catch (err) {
    if (
      err instanceof OutboundRefusedError ||
      (err as { cause?: unknown }).cause instanceof OutboundRefusedError
    )
      throw problem(422, 3352, 'The media address points to this machine or a private network')
    throw problem(422, 422, `The media address could not be fetched (${(err as Error).message})`)
  }
  if (!res.ok) {
    await res.body?.cancel()
    throw problem(422, 422, `The media address answered HTTP ${res.status}`)
  }
  const chunks: Buffer[] = []
  let size = 0
  for await (const chunk of res.body ?? []) {
    size += chunk.length
    if (size > UPLOAD_MAX_BYTES) {
      await res.body?.cancel().catch(() => undefined)
      throw problem(422, 413, 'The media is larger than 10 MB')
    }
    chunks.push(Buffer.from(chunk))
  }
  const name = decodeURIComponent(new URL(res.url || url).pathname.split('/').pop() ?? '') || 'file'
  return { bytes: Buffer.concat(chunks), name }
}
