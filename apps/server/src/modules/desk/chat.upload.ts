import { Readable } from 'node:stream'
import { type ChatMessageView, chatUploadFields, ErrorCode } from '@app/core'
import type { FastifyRequest } from 'fastify'
import type { Db } from '../../db/index.js'
import { AppError, badRequest } from '../../http/errors.js'
import { holdsNul } from '../../http/text-input.js'
import type { MediaStore } from '../messages/media.store.js'
import type { ChatService } from './chat.service.js'
import { loadDeskSession } from './desk.access.js'
import type { Viewer } from './desk.viewer.js'
import { checkChatFile } from './upload.checks.js'
import { convertForWhatsApp } from './upload.convert.js'

interface Upload {
  bytes: Buffer
  fileName: string
  fields: Record<string, string>
}

/** The form's `file` (at most 10 MB, the multipart limit) and its text fields, in any order. */
async function readForm(req: FastifyRequest): Promise<Upload> {
  if (!req.isMultipart()) throw new AppError(ErrorCode.uploadMissing)
  const fields: Record<string, string> = {}
  let file: { bytes: Buffer; fileName: string } | null = null
  try {
    for await (const part of req.parts()) {
      if (part.type === 'file') {
        const bytes = await part.toBuffer()
        if (part.fieldname === 'file') file ??= { bytes, fileName: part.filename }
      } else fields[part.fieldname] = String(part.value)
    }
  } catch (err) {
    const code = (err as { code?: string }).code
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw new AppError(ErrorCode.uploadTooLarge)
    if (code?.startsWith('FST_')) throw badRequest('invalid')
    throw err
  }
  // a NUL character cannot be stored as text on PostgreSQL (as for JSON bodies: http/text-input.ts)
  if (holdsNul(fields)) throw badRequest('invalid')
  if (!file || file.bytes.length === 0) throw new AppError(ErrorCode.uploadMissing)
  return { ...file, fields }
}

/**
 * uploadThenSendChatMessageAsync: check the file from its bytes, store it (media_files, shared by
 * identical bytes in the tenant) and queue it in the session like any other message. Answers the
 * queued message; its progress arrives as message.updated.
 */
export async function uploadThenSend(
  db: Db,
  media: MediaStore,
  chat: ChatService,
  viewer: Viewer,
  req: FastifyRequest,
): Promise<ChatMessageView> {
  const upload = await readForm(req)
  const parsed = chatUploadFields.safeParse(upload.fields)
  if (!parsed.success) throw badRequest(parsed.error.issues[0]?.message ?? 'invalid')
  const fields = parsed.data
  const desk = await loadDeskSession(db, viewer, fields.sessionId)
  const bytes = await convertForWhatsApp(fields, upload.bytes)
  const checked = checkChatFile(fields, bytes, upload.fileName)
  const stored = await media.save(viewer.tenantId, Readable.from([bytes]))
  const mediaId = await media.record(db, viewer.tenantId, stored, Date.now())
  return chat.enqueue(viewer, desk, { ...checked.content, mediaId }, fields.quotedMessageId)
}
