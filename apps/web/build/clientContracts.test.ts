import { parseAst } from 'vite'
import { describe, expect, it } from 'vitest'
import type { Node } from './ast'
import { applyEdits, clientEndpointEdits, fileMarkerEdit } from './clientContracts'

const parse = (code: string) => parseAst(code) as unknown as Node
const clientCopy = (code: string) => applyEdits(code, clientEndpointEdits(parse(code)))

describe("the browser's copy of the endpoint contracts", () => {
  it('keeps what the client reads and drops the schemas and the summary', () => {
    const out = clientCopy(
      [
        "import { z } from 'zod'",
        'const loginBody = z.object({ username: z.string() })',
        'export const auth = {',
        '  login: endpoint({ ...open, method: "POST", path: "/login", summary: "Sign in", body: loginBody, response: z.object({ token: z.string() }) }),',
        '  one: endpoint({ method: "GET", path: "/x/:id", summary: "One", params: z.object({ id: z.number() }), query: z.object({ q: z.string() }), response: row }),',
        '  upload: endpoint({ method: "POST", path: "/up", summary: "Up", body: "multipart", response: fileResponse }),',
        '}',
      ].join('\n'),
    )
    expect(out).toContain(
      'login: endpoint({ ...open, method: "POST", path: "/login", summary: \'\', body: true, response: null })',
    )
    expect(out).toContain(
      'one: endpoint({ method: "GET", path: "/x/:id", summary: \'\', params: true, query: true, response: null })',
    )
    expect(out).toContain(
      'upload: endpoint({ method: "POST", path: "/up", summary: \'\', body: "multipart", response: fileResponse })',
    )
    // the schemas are still declared, for the forms that check with them; no endpoint reads them
    expect(out).toContain('const loginBody = z.object({ username: z.string() })')
  })

  it("keeps the query's schema where a body comes too (its keys go in the querystring)", () => {
    const out = clientCopy('endpoint({ method: "POST", path: "/p", body, query: linkQuery, response: view })')
    expect(out).toBe('endpoint({ method: "POST", path: "/p", body: true, query: linkQuery, response: null })')
  })

  it('leaves other calls and objects alone', () => {
    const src = 'const a = other({ body: schema }); const b = { response: schema }'
    expect(clientCopy(src)).toBe(src)
  })

  it('marks a file answer with a plain value', () => {
    const src =
      "export const fileResponse = z.custom(() => true).meta({ description: 'file' })\nexport const x = 1"
    const edit = fileMarkerEdit(parse(src))
    expect(edit && applyEdits(src, [edit])).toBe(
      'export const fileResponse = Object.freeze({ file: true })\nexport const x = 1',
    )
  })
})
