import type { Plugin } from 'vite'
import { childNodes, isNode, type Node, topLevelDeclarators } from './ast'

/** An endpoint's fields the browser's client never reads: schemas and the text of /docs. */
const SCHEMA_FIELDS = new Set(['params', 'query', 'body', 'response'])

const keyName = (property: Node): string | null => {
  const key = property.key
  if (!isNode(key) || property.computed) return null
  if (key.type === 'Identifier') return key.name as string
  if (key.type === 'Literal' && typeof key.value === 'string') return key.value
  return null
}

const isString = (n: unknown): boolean => isNode(n) && n.type === 'Literal' && typeof n.value === 'string'

/** Each `endpoint({ … })` call of a module, by its object. */
function endpointObjects(node: Node, into: Node[] = []): Node[] {
  if (node.type === 'CallExpression') {
    const callee = node.callee
    const [arg] = node.arguments as Node[]
    if (
      isNode(callee) &&
      callee.type === 'Identifier' &&
      callee.name === 'endpoint' &&
      arg?.type === 'ObjectExpression'
    ) {
      into.push(arg)
    }
  }
  for (const child of childNodes(node)) endpointObjects(child, into)
  return into
}

interface Edit {
  start: number
  end: number
  text: string
}

/**
 * The edits that leave of each endpoint what the client reads (api/client.ts): its method and
 * path; whether it takes a body (`true`) or a form (`'multipart'`); the query's schema only where a
 * body comes too (its keys say what goes in the querystring); a file answer (`fileResponse`) and
 * no other response. Its summary is /docs' text. The schemas, and zod with them, are then read by
 * no page that does not validate a form with one.
 */
export function clientEndpointEdits(program: Node): Edit[] {
  const edits: Edit[] = []
  for (const object of endpointObjects(program)) {
    const properties = (object.properties as Node[]).filter((p) => p.type === 'Property')
    const names = new Set(properties.map(keyName))
    for (const property of properties) {
      const name = keyName(property)
      const value = property.value as Node
      if (name === 'summary') {
        edits.push({ start: value.start, end: value.end, text: "''" })
        continue
      }
      if (!name || !SCHEMA_FIELDS.has(name)) continue
      if (name === 'body' && isString(value)) continue
      if (name === 'query' && names.has('body')) continue
      if (name === 'response' && value.type === 'Identifier' && value.name === 'fileResponse') continue
      const text = name === 'response' ? 'null' : 'true'
      if (property.shorthand)
        edits.push({ start: property.start, end: property.end, text: `${name}: ${text}` })
      else edits.push({ start: value.start, end: value.end, text })
    }
  }
  return edits
}

/** The module's source with the edits made. */
export function applyEdits(code: string, edits: Edit[]): string {
  let out = code
  for (const { start, end, text } of [...edits].sort((a, b) => b.start - a.start)) {
    out = `${out.slice(0, start)}${text}${out.slice(end)}`
  }
  return out
}

/**
 * In the browser a file answer is known by its marker alone: the schema behind `fileResponse` is
 * the server's (its /docs text and serialisation).
 */
export function fileMarkerEdit(program: Node): Edit | null {
  const init = topLevelDeclarators(program).find(({ id }) => (id as Node).name === 'fileResponse')?.init
  return isNode(init) ? { start: init.start, end: init.end, text: 'Object.freeze({ file: true })' } : null
}

/**
 * The web build's copy of core's endpoint contracts: each endpoint object as the client reads it,
 * without the zod schemas the server registers (see clientEndpointEdits). The sign-in page calls
 * endpoints but validates nothing with zod, so it loads no zod.
 */
export function clientContracts(): Plugin {
  return {
    name: 'client-contracts',
    apply: 'build',
    enforce: 'post',
    transform: {
      filter: { id: /packages[\\/]core[\\/]src[\\/]api[\\/](?!.*\.test\.ts$).*\.ts$/ },
      handler(code, id) {
        const program = this.parse(code) as unknown as Node
        const edits = clientEndpointEdits(program)
        if (/[\\/]contract\.ts$/.test(id)) {
          const marker = fileMarkerEdit(program)
          if (marker) edits.push(marker)
        }
        return edits.length ? { code: applyEdits(code, edits), map: null } : null
      },
    },
  }
}
