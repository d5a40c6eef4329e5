import { type ChatMessageView, type ChatUploadFields, chatUploadFields, ErrorCode } from '@app/core'
import type { FastifyRequest } from 'fastify'
import type { Db } from '../../db/index.js'
import type { Caller } from '../../http/caller.js'
import { AppError, badRequest } from '../../http/errors.js'
import { holdsNul } from '../../http/text-input.js'
import type { MediaQuota } from '../messages/index.js'
import { loadDeskSession } from '../sessions/index.js'
import type { ChatService } from './chat.service.js'
import { checkChatFile } from './upload.checks.js'
import { convertForWhatsApp } from './upload.convert.js'

interface Upload {
  bytes: Buffer
  fileName: string
  fields: Record<string, string>
}

/**
 * The form's `file` (at most 10 MB, the multipart limit) and its text fields, in any
 * order. A form the parser cannot read is answered by the one error handler.
 */
async function readForm(req: FastifyRequest): Promise<Upload> {
  if (!req.isMultipart()) throw new AppError(ErrorCode.uploadMissing)
  const fields: Record<string, string> = {}
  let file: { bytes: Buffer; fileName: string } | null = null
  for await (const part of req.parts()) {
    if (part.type === 'file') {
      const bytes = await part.toBuffer()
      if (part.fieldname === 'file') file ??= { bytes, fileName: part.filename }
    } else fields[part.fieldname] = String(part.value)
  }
  // a NUL character cannot be stored as text on PostgreSQL (as for JSON bodies: http/text-input.ts)
  if (holdsNul(fields)) throw badRequest('invalid')
  if (!file || file.bytes.length === 0) throw new AppError(ErrorCode.uploadMissing)
  return { ...file, fields }
}

/**
 * uploadThenSendChatMessageAsync: check the file from its bytes, store it (media_files, shared by
 * identical bytes in the tenant, under its storage quota) and queue it in the session like any
 * other message. Answers the queued message; its progress arrives as message.updated.
 */
export class ChatUploads {
  constructor(
    private readonly db: Db,
    private readonly uploads: MediaQuota,
    private readonly chat: ChatService,
  ) {}

  async send(viewer: Caller, req: FastifyRequest): Promise<ChatMessageView> {
    const upload = await readForm(req)
    const parsed = chatUploadFields.safeParse(upload.fields)
    if (!parsed.success) throw badRequest(parsed.error.issues[0]?.message ?? 'invalid')
    return this.sendFile(viewer, parsed.data, upload.bytes, upload.fileName)
  }

  /** A file's bytes, from a form or fetched by the public API, checked and queued alike. */
  async sendFile(
    viewer: Caller,
    fields: ChatUploadFields,
    original: Buffer,
    fileName: string,
  ): Promise<ChatMessageView> {
    const { db, uploads, chat } = this
    const desk = await loadDeskSession(db, viewer, fields.sessionId)
    const bytes = await convertForWhatsApp(fields, original)
    const checked = checkChatFile(fields, bytes, fileName)
    const { mediaId } = await uploads.storeUpload(viewer.tenantId, bytes)
    return chat.enqueue(viewer, desk, { ...checked.content, mediaId }, fields.quotedMessageId)
  }
}
