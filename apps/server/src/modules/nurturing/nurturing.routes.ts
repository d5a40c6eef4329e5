import fs from 'node:fs'
import {
  Access,
  ErrorCode,
  NURTURING_FILE_MAX_BYTES,
  nurturingIdQuery,
  nurturingMaterialCreateBody,
  nurturingMaterialFileUpdateBody,
  nurturingMaterialPageBody,
  nurturingMaterialUpdateBody,
  nurturingMaterialUploadFields,
  nurturingPageBody,
  nurturingProgressBody,
  nurturingRuleBody,
  nurturingRuleUpdateBody,
  NurturingPath as P,
} from '@app/core'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { ok } from '../../http/envelope.js'
import { AppError, badRequest } from '../../http/errors.js'
import type { NurturingService } from './nurturing.service.js'

/** Account nurturing: the platform admin's /accountNurturingManage pages. */
const roles = Access.platformAdmin
const tags = ['nurturing']

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

export function nurturingRoutes(app: FastifyInstance, service: NurturingService): void {
  const r = app.withTypeProvider<ZodTypeProvider>()
  r.post(
    P.materialPage,
    {
      config: { roles },
      schema: { tags, summary: 'Source material, newest first', body: nurturingMaterialPageBody },
    },
    async (req) => ok(await service.materials(req.body.language, req.body.pageNo, req.body.pageSize)),
  )
  r.post(
    P.material,
    {
      config: { roles },
      schema: { tags, summary: 'Add source material', body: nurturingMaterialCreateBody },
    },
    async (req) => ok({ id: await service.addMaterial(req.body) }),
  )
  r.put(
    P.material,
    {
      config: { roles },
      schema: { tags, summary: 'Change source material', body: nurturingMaterialUpdateBody },
    },
    async (req) => {
      await service.updateMaterial(req.body.id, req.body)
      return ok(null)
    },
  )
  r.delete(
    P.material,
    { config: { roles }, schema: { tags, summary: 'Delete source material', querystring: nurturingIdQuery } },
    async (req) => {
      await service.removeMaterial(req.query.id)
      return ok(null)
    },
  )
  r.post(
    P.materialUpload,
    {
      config: { roles },
      schema: {
        tags,
        summary:
          'Upload file material (multipart: file, language, type image|voice|sticker, enabled); ' +
          'checked from its bytes: images jpg/png and voice mp3/ogg up to 10 MB, stickers webp up to 500 KB',
        consumes: ['multipart/form-data'],
      },
    },
    async (req) => {
      const upload = await readUpload(req)
      const parsed = nurturingMaterialUploadFields.safeParse(upload.fields)
      if (!parsed.success) throw badRequest(parsed.error.issues[0]?.message ?? 'invalid')
      return ok({ id: await service.uploadMaterial(parsed.data, upload.buffer) })
    },
  )
  r.get(
    P.materialFile,
    {
      config: { roles },
      schema: { tags, summary: "A file material's bytes, with its type", querystring: nurturingIdQuery },
    },
    async (req, reply) => {
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
    },
  )
  r.put(
    P.materialFileUpdate,
    {
      config: { roles },
      schema: {
        tags,
        summary: "Change a file material's language and use",
        body: nurturingMaterialFileUpdateBody,
      },
    },
    async (req) => {
      await service.updateMaterialFile(req.body.id, req.body)
      return ok(null)
    },
  )
  r.post(
    P.rulePage,
    {
      config: { roles },
      schema: { tags, summary: 'Nurturing rules, newest first', body: nurturingPageBody },
    },
    async (req) => ok(await service.rules(req.body.pageNo, req.body.pageSize)),
  )
  r.post(
    P.rule,
    { config: { roles }, schema: { tags, summary: 'Add a nurturing rule', body: nurturingRuleBody } },
    async (req) => ok({ id: await service.addRule(req.body) }),
  )
  r.put(
    P.rule,
    {
      config: { roles },
      schema: { tags, summary: 'Change a nurturing rule', body: nurturingRuleUpdateBody },
    },
    async (req) => {
      await service.updateRule(req.body.id, req.body)
      return ok(null)
    },
  )
  r.delete(
    P.rule,
    {
      config: { roles },
      schema: { tags, summary: 'Delete a nurturing rule', querystring: nurturingIdQuery },
    },
    async (req) => {
      await service.removeRule(req.query.id)
      return ok(null)
    },
  )
  r.post(
    P.progress,
    {
      config: { roles },
      schema: {
        tags,
        summary: 'Each nurtured account’s progress: days, messages today and in total, state',
        body: nurturingProgressBody,
      },
    },
    async (req) => ok(await service.progress(req.body.ruleId, req.body.pageNo, req.body.pageSize)),
  )
}
