import { parseAst } from 'vite'
import { describe, expect, it } from 'vitest'
import { callingInitializers, markPure } from '../build/pureCore'
import { assignModules, type ProbeChunk } from '../build/routeChunks'
import { splitSchemas } from '../build/splitSchemas'

type Program = Parameters<typeof callingInitializers>[0]
const parse = (code: string) => parseAst(code) as unknown as Program

describe('core constants built by a pure call', () => {
  it('wraps the top-level initializers that call something, and no other', () => {
    const code = [
      "import { z } from 'zod'",
      'export const MAX = 10',
      "export const KINDS = { a: 'a' }",
      'export const id = z.number().int()',
      'const body = z.object({ id: id.optional() })',
      'export function check(v) { return body.parse(v) }',
    ].join('\n')
    const out = markPure(code, callingInitializers(parse(code)))
    expect(out).toContain('export const MAX = 10\n')
    expect(out).toContain("export const KINDS = { a: 'a' }\n")
    expect(out).toContain('export const id = /* @__PURE__ */ (() => (z.number().int()))()')
    expect(out).toContain('const body = /* @__PURE__ */ (() => (z.object({ id: id.optional() })))()')
    expect(out).toContain('export function check(v) { return body.parse(v) }')
  })
})

describe('core modules split apart from their zod schemas', () => {
  const partId = (part: string) => `/core/api/x.ts?core-part=${part}`
  const code = [
    "import { z } from 'zod'",
    "import { LIMIT } from '../constants.js'",
    'const NAME_MAX = 20',
    'export const PATH = "/x"',
    'export function isShort(s) { return s.length <= NAME_MAX }',
    'export const name = z.string().max(NAME_MAX)',
    'export const body = z.object({ name, limit: z.number().max(LIMIT) })',
    'export function parseBody(v) { return body.parse(v) }',
    "export * from './y.js'",
  ].join('\n')

  it('puts the schemas and what uses them in one part, the rest in the other', () => {
    const split = splitSchemas(parse(code), code, partId)
    expect(split).not.toBeNull()
    const { main, base, schemas } = split as NonNullable<typeof split>
    expect(main).toContain('export { PATH, isShort } from "/core/api/x.ts?core-part=base"')
    expect(main).toContain('export { name, body, parseBody } from "/core/api/x.ts?core-part=schemas"')
    expect(main).toContain("export * from './y.js'")
    expect(base).toContain('const NAME_MAX = 20')
    expect(base).toContain('export { NAME_MAX }')
    expect(base).not.toContain('z.string')
    expect(schemas).toContain('import { NAME_MAX } from "/core/api/x.ts?core-part=base"')
    expect(schemas).toContain('export function parseBody(v)')
    expect(schemas).not.toContain('export const PATH')
  })

  it('exports a name listed apart from its declaration from its part, and passes an imported one on', () => {
    const src = [
      "import { z } from 'zod'",
      "import { checkA as check } from '../validation.js'",
      'const PATH = "/x"',
      'const body = z.object({ a: z.string().refine((v) => !check(v)) })',
      'export { PATH, body, check }',
    ].join('\n')
    const split = splitSchemas(parse(src), src, partId)
    expect(split?.main).toContain('export { PATH } from "/core/api/x.ts?core-part=base"')
    expect(split?.main).toContain('export { body } from "/core/api/x.ts?core-part=schemas"')
    expect(split?.main).toContain('export { checkA as check } from "../validation.js"')
    expect(split?.base).not.toContain('z.object')
  })

  it('leaves whole a module without zod, of schemas only, or with other statements', () => {
    const whole = (src: string) => splitSchemas(parse(src), src, partId)
    expect(whole('export const A = 1\nexport function f() { return A }')).toBeNull()
    expect(whole("import { z } from 'zod'\nexport const a = z.string()")).toBeNull()
    expect(
      whole("import { z } from 'zod'\nexport const A = 1\nexport const a = z.string()\nconsole.log(A)"),
    ).toBeNull()
  })
})

describe('modules gathered by route', () => {
  const chunk = (fileName: string, moduleIds: string[], more: Partial<ProbeChunk> = {}): ProbeChunk => ({
    fileName,
    isEntry: false,
    isDynamicEntry: false,
    facadeModuleId: null,
    imports: [],
    moduleIds,
    ...more,
  })
  const chunks = [
    chunk('index.js', ['/w/src/main.tsx'], { isEntry: true, imports: ['react.js'] }),
    chunk('react.js', ['/w/node_modules/react/index.js']),
    chunk('login.js', ['/w/src/pages/login.tsx'], {
      isDynamicEntry: true,
      facadeModuleId: '/w/src/pages/login.tsx',
      imports: ['form.js'],
    }),
    chunk('form.js', ['/w/node_modules/antd/form.js', '/w/src/formRules.ts']),
    chunk('desk.js', ['/w/src/pages/desk.tsx'], {
      isDynamicEntry: true,
      facadeModuleId: '/w/src/pages/desk.tsx',
      imports: ['form.js', 'list.js'],
    }),
    chunk('list.js', ['/w/node_modules/virtuoso/index.js', '/w/src/rows.ts']),
  ]

  it("gives each module to the first group whose routes all load it, leaving entries' and pages' own", () => {
    const assigned = assignModules(
      chunks,
      [
        { chunk: 'shell', routes: [['src/pages/login.tsx']] },
        { chunk: 'desk-packages', routes: [['src/pages/desk.tsx']], packagesOnly: true },
      ],
      '/w',
    )
    expect(Object.fromEntries(assigned)).toEqual({
      '/w/node_modules/react/index.js': 'shell',
      '/w/node_modules/antd/form.js': 'shell',
      '/w/src/formRules.ts': 'shell',
      '/w/node_modules/virtuoso/index.js': 'desk-packages',
    })
  })

  it('gathers only what every route of a group loads', () => {
    const assigned = assignModules(
      chunks,
      [{ chunk: 'both', routes: [['src/pages/login.tsx'], ['src/pages/desk.tsx']] }],
      '/w',
    )
    expect(assigned.get('/w/node_modules/antd/form.js')).toBe('both')
    expect(assigned.has('/w/node_modules/virtuoso/index.js')).toBe(false)
  })
})
