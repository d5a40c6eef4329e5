import fs from 'node:fs'
import {
  materialEndpoints as api,
  ErrorCode,
  type MaterialUploadResult,
  materialUploadFields,
  UPLOAD_MAX_BYTES,
} from '@app/core'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import { callerOf } from '../../http/caller.js'
import { route } from '../../http/contract.js'
import { ok } from '../../http/envelope.js'
import { AppError, badRequest } from '../../http/errors.js'
import { ConversionUnavailableError, gifToMp4 } from '../../media/convert.js'
import type { MediaQuota } from '../messages/index.js'
import { checkMaterialFile } from './file-check.js'
import { materialCaller } from './materials.library.js'
import type { MaterialsService } from './materials.service.js'

interface UploadedPart {
  buffer: Buffer
  fileName: string
  fields: Record<string, string>
}

/**
 * The form's first file (at most 10 MB, the multipart limit) and its text fields, in any
 * order. A form the parser cannot read is answered by the one error handler.
 */
async function readUpload(req: FastifyRequest): Promise<UploadedPart> {
  if (!req.isMultipart()) throw new AppError(ErrorCode.uploadMissing)
  const fields: Record<string, string> = {}
  let file: { buffer: Buffer; fileName: string } | null = null
  for await (const part of req.parts()) {
    if (part.type === 'file') {
      const buffer = await part.toBuffer()
      file ??= { buffer, fileName: part.filename }
    } else {
      fields[part.fieldname] = String(part.value)
    }
  }
  if (!file || file.buffer.length === 0) throw new AppError(ErrorCode.uploadMissing)
  return { ...file, fields }
}

/**
 * GIFs are sent as MP4 (product decision), so a GIF material is stored converted. Without ffmpeg
 * the GIF is kept as it is (it then goes out as an image); a GIF ffmpeg cannot read is refused.
 */
async function gifAsMp4(req: FastifyRequest, gif: Buffer): Promise<Buffer> {
  try {
    const mp4 = await gifToMp4(gif)
    if (mp4.length > UPLOAD_MAX_BYTES) throw new AppError(ErrorCode.uploadTooLarge)
    return mp4
  } catch (err) {
    if (err instanceof AppError) throw err
    if (err instanceof ConversionUnavailableError) {
      req.log.warn({ err }, 'GIF kept as GIF: no converter')
      return gif
    }
    throw new AppError(ErrorCode.imageUnreadable)
  }
}

export function materialUploadRoutes(
  app: FastifyInstance,
  uploads: MediaQuota,
  materials: MaterialsService,
): void {
  route(app, api.upload, async (req) => {
    const actor = callerOf(req)
    const upload = await readUpload(req)
    const parsed = materialUploadFields.safeParse(upload.fields)
    if (!parsed.success) throw badRequest(parsed.error.issues[0]?.message ?? 'invalid')
    const checked = checkMaterialFile(parsed.data.type, parsed.data.usage, upload.buffer)
    const bytes =
      parsed.data.type === 'gif' && checked.mime === 'image/gif'
        ? await gifAsMp4(req, upload.buffer)
        : upload.buffer
    const { mediaId, file } = await uploads.storeUpload(actor.tenantId, bytes)
    const result: MaterialUploadResult = {
      mediaId,
      mime: file.mime,
      size: file.size,
      fileName: upload.fileName,
      width: checked.width,
      height: checked.height,
    }
    return ok(result)
  })
  route(app, api.file, async (req, reply) => {
    const file = await materials.file(materialCaller(req), req.query.id)
    const exists = await fs.promises
      .access(file.absolutePath)
      .then(() => true)
      .catch(() => false)
    if (!exists) throw new AppError(ErrorCode.mediaNotFound)
    return reply
      .type(file.mime)
      .header('content-disposition', `inline; filename*=UTF-8''${encodeURIComponent(file.fileName)}`)
      .header('cache-control', 'private, max-age=3600')
      .send(fs.createReadStream(file.absolutePath))
  })
}
