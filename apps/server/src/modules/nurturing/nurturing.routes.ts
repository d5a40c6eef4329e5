import fs from 'node:fs'
import {
  nurturingEndpoints as api,
  ErrorCode,
  NURTURING_FILE_MAX_BYTES,
  nurturingMaterialUploadFields,
} from '@app/core'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import { route } from '../../http/contract.js'
import { ok } from '../../http/envelope.js'
import { AppError, badRequest } from '../../http/errors.js'
import type { NurturingService } from './nurturing.service.js'

const MAX_FILE = Math.max(...Object.values(NURTURING_FILE_MAX_BYTES))

/** The form's first file and its text fields, in any order. */
async function readUpload(req: FastifyRequest): Promise<{ buffer: Buffer; fields: Record<string, string> }> {
  if (!req.isMultipart()) throw new AppError(ErrorCode.uploadMissing)
  const fields: Record<string, string> = {}
  let buffer: Buffer | null = null
  for await (const part of req.parts({ limits: { fileSize: MAX_FILE } })) {
    if (part.type === 'file') {
      const b = await part.toBuffer()
      buffer ??= b
    } else fields[part.fieldname] = String(part.value)
  }
  if (!buffer || buffer.length === 0) throw new AppError(ErrorCode.uploadMissing)
  return { buffer, fields }
}

/** Account nurturing: the platform admin's /accountNurturingManage pages. */
export function nurturingRoutes(app: FastifyInstance, service: NurturingService): void {
  route(app, api.materialPage, async (req) =>
    ok(await service.materials(req.body.language, req.body.pageNo, req.body.pageSize)),
  )
  route(app, api.materialCreate, async (req) => ok({ id: await service.addMaterial(req.body) }))
  route(app, api.materialUpdate, async (req) => {
    await service.updateMaterial(req.body.id, req.body)
    return ok(null)
  })
  route(app, api.materialRemove, async (req) => {
    await service.removeMaterial(req.query.id)
    return ok(null)
  })
  route(app, api.materialUpload, async (req) => {
    const upload = await readUpload(req)
    const parsed = nurturingMaterialUploadFields.safeParse(upload.fields)
    if (!parsed.success) throw badRequest(parsed.error.issues[0]?.message ?? 'invalid')
    return ok({ id: await service.uploadMaterial(parsed.data, upload.buffer) })
  })
  route(app, api.materialFile, async (req, reply) => {
    const file = await service.materialFile(req.query.id)
    const exists = await fs.promises
      .access(file.absolutePath)
      .then(() => true)
      .catch(() => false)
    if (!exists) throw new AppError(ErrorCode.mediaNotFound)
    return reply
      .type(file.mime)
      .header('cache-control', 'private, max-age=3600')
      .send(fs.createReadStream(file.absolutePath))
  })
  route(app, api.materialFileUpdate, async (req) => {
    await service.updateMaterialFile(req.body.id, req.body)
    return ok(null)
  })
  route(app, api.rulePage, async (req) => ok(await service.rules(req.body.pageNo, req.body.pageSize)))
  route(app, api.ruleCreate, async (req) => ok({ id: await service.addRule(req.body) }))
  route(app, api.ruleUpdate, async (req) => {
    await service.updateRule(req.body.id, req.body)
    return ok(null)
  })
  route(app, api.ruleRemove, async (req) => {
    await service.removeRule(req.query.id)
    return ok(null)
  })
  route(app, api.progress, async (req) =>
    ok(await service.progress(req.body.ruleId, req.body.pageNo, req.body.pageSize)),
  )
}
