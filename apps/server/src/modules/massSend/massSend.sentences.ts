import {
  ErrorCode,
  fillMassSendVariables,
  type MassSendSentenceInput,
  type MassSendSentenceView,
  type OutboundContentInput,
} from '@app/core'
import type { Db } from '../../db/index.js'
import { AppError } from '../../http/errors.js'
import { materialToOutbound } from '../materials/index.js'
import type { MediaStore } from '../messages/index.js'
import { outboundBody } from '../outbox/index.js'

/** A sentence as a task keeps it: what the outbox takes, and the material it came from. */
export interface StoredSentence {
  content: OutboundContentInput
  materialId: number | null
}

/** A material as the creator may send it (the material libraries' own rule), else an error. */
export type MaterialLookup = (
  tenantId: number,
  userId: number,
  materialId: number,
) => Promise<OutboundContentInput>

/**
 * The sentences of a new task as the outbox will send them: a material is resolved now (so a
 * material changed or deleted later does not change a running task), a file must be one of the
 * tenant's stored files.
 */
export async function resolveSentences(
  db: Db,
  media: MediaStore,
  materials: MaterialLookup,
  scope: { tenantId: number; userId: number },
  inputs: MassSendSentenceInput[],
): Promise<StoredSentence[]> {
  const out: StoredSentence[] = []
  for (const s of inputs) {
    if (s.type === 'material') {
      try {
        out.push({
          content: await materials(scope.tenantId, scope.userId, s.materialId),
          materialId: s.materialId,
        })
      } catch (err) {
        if (err instanceof AppError) throw new AppError(ErrorCode.massSendMaterialUnusable)
        throw err
      }
      continue
    }
    const mediaId = 'mediaId' in s ? s.mediaId : undefined
    let mime: string | null = null
    if (mediaId !== undefined) {
      const file = await media.find(db, scope.tenantId, mediaId)
      if (!file) throw new AppError(ErrorCode.massSendMediaMissing)
      mime = file.mime
    }
    out.push({ content: materialToOutbound(s, mime), materialId: null })
  }
  return out
}

/** A sentence for one recipient: its variables filled in the text or caption. */
export function fillSentence(
  c: OutboundContentInput,
  vars: { nickname: string; phone: string; account: string },
): OutboundContentInput {
  if (c.type === 'text') return { ...c, text: fillMassSendVariables(c.text, vars) }
  if ('caption' in c && c.caption) return { ...c, caption: fillMassSendVariables(c.caption, vars) }
  return c
}

export function presentSentence(s: StoredSentence, index: number): MassSendSentenceView {
  const { body, meta } = outboundBody(s.content)
  return {
    index,
    type: s.content.type,
    text: body,
    mediaId: 'mediaId' in s.content ? s.content.mediaId : null,
    materialId: s.materialId,
    meta,
  }
}
