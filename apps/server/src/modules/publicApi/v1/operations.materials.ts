import {
  ApiScope,
  MATERIAL_TYPES,
  MATERIAL_USAGES,
  MaterialOwnerType,
  materialPageBody,
  materialView,
} from '@app/core'
import { z } from 'zod'
import { materialCallerOf } from '../../materials/index.js'
import { limit, page } from './fields.js'
import { type Operation, operation } from './operation.js'
import type { OperationDeps } from './operations.js'

const LIBRARIES = { public: MaterialOwnerType.public, personal: MaterialOwnerType.personal } as const

/** The material library, as the supervisor who made the key sees it: the public library and their own. */
export function materialOperations(d: OperationDeps): Operation[] {
  return [
    operation({
      method: 'GET',
      path: '/materials',
      operationId: 'listMaterials',
      summary: 'Materials of the public library and the key owner’s own, newest first',
      description:
        'A material is sent by its id: `{ "type": "material", "materialId": … }` in a message or a mass send.',
      tag: 'materials',
      scope: ApiScope.read,
      query: z.object({
        library: z
          .enum(['public', 'personal'])
          .optional()
          .meta({ description: 'Only this library (default: both)' }),
        type: z.enum(MATERIAL_TYPES).optional(),
        usage: z
          .enum(MATERIAL_USAGES)
          .optional()
          .meta({ description: 'What it is for: chat messages, or a number’s nickname or avatar' }),
        keyword: materialPageBody.shape.name.meta({ description: 'Part of the name; case-insensitive' }),
        cursor: z
          .string()
          .regex(/^\d{1,16}$/)
          .optional()
          .meta({ description: 'The `nextCursor` of the previous page' }),
        limit,
      }),
      response: page(materialView),
      handler: async ({ principal, query }) => {
        const r = await d.materials.listVisible(
          materialCallerOf(principal.caller),
          {
            ownerType: query.library ? LIBRARIES[query.library] : undefined,
            type: query.type,
            usage: query.usage,
            name: query.keyword || undefined,
          },
          query.cursor === undefined ? undefined : Number(query.cursor),
          query.limit,
        )
        return { data: r.list, nextCursor: r.nextBeforeId === null ? null : String(r.nextBeforeId) }
      },
    }),
  ]
}
