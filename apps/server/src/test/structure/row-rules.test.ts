import { describe, expect, it } from 'vitest'
import { productSources, type Source } from './faces.js'

/**
 * A rule about a row (who may see or change it) is written once, in its resource's `can`:
 * the owner or creator column is compared with a caller nowhere else.
 */
const RULES: { column: RegExp; home: string }[] = [
  {
    column: /\bcreator_user_id\s*[!=]==|[!=]==\s*\w+\.creator_user_id\b/,
    home: 'modules/autoReply/autoReply.access.ts',
  },
  {
    column:
      /\bowner_?[uU]ser_?[iI]d\s*[!=]==\s*caller\b|caller\.\w+\s*[!=]==\s*[\w.]*owner_?[uU]ser_?[iI]d\b/,
    home: 'modules/materials/materials.library.ts',
  },
]

function rowRulesOutsideHome(sources: Source[]): string[] {
  const found: string[] = []
  for (const s of sources)
    for (const rule of RULES)
      if (s.path !== rule.home && rule.column.test(s.text)) found.push(`${s.path} (${rule.home})`)
  return found
}

describe('row rules', () => {
  it('compare the creator or owner with the caller only in the resource’s own rule file', () => {
    expect(rowRulesOutsideHome(productSources())).toEqual([])
  })

  it('catch a planted second copy of a rule', () => {
    const planted = [
      {
        path: 'modules/autoReply/autoReply.service.ts',
        text: 'if (row.creator_user_id !== caller.actingUserId) throw x',
      },
      {
        path: 'modules/autoReply/autoReply.access.ts',
        text: 'return row.creator_user_id === caller.actingUserId',
      },
      {
        path: 'modules/materials/materials.service.ts',
        text: 'const mine = caller.userId === row.ownerUserId',
      },
    ]
    expect(rowRulesOutsideHome(planted)).toEqual([
      'modules/autoReply/autoReply.service.ts (modules/autoReply/autoReply.access.ts)',
      'modules/materials/materials.service.ts (modules/materials/materials.library.ts)',
    ])
  })
})
