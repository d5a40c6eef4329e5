import { describe, expect, it } from 'vitest'
import { productSources } from './faces.js'
import { FACE_REPOSITORIES_TO_CLOSE, faceRepositories } from './repositories.js'

describe('repositories stay inside their module', () => {
  const exported = faceRepositories(productSources())

  it('no face exports a repository beyond the shrinking list', () => {
    expect(exported.filter((r) => !FACE_REPOSITORIES_TO_CLOSE.includes(r))).toEqual([])
  })

  it('the list names only repositories a face still exports', () => {
    expect(FACE_REPOSITORIES_TO_CLOSE.filter((r) => !exported.includes(r))).toEqual([])
  })

  it('catches a planted repository on a face, renamed or through export *', () => {
    const planted = [
      { path: 'modules/labels/index.ts', text: "export { LabelsService } from './labels.service.js'" },
      {
        path: 'modules/fans/index.ts',
        text: "export { type FanRow, FansRepository } from './fans.repository.js'",
      },
      {
        path: 'modules/desk/index.ts',
        text: "export { DeskRepository as Desk } from './desk.repository.js'",
      },
      {
        path: 'modules/tags/index.ts',
        text: "export { Tags as TagsRepository } from './tags.js'\nexport * from './tags.repository.js'",
      },
      { path: 'modules/fans/fans.service.ts', text: "export { FansRepository } from './fans.repository.js'" },
    ]
    expect(faceRepositories(planted)).toEqual([
      'desk: DeskRepository',
      'fans: FansRepository',
      'tags: * from ./tags.repository.js',
      'tags: TagsRepository',
    ])
  })
})
