import type { Plugin } from 'vite'
import { isNode, type Node } from './ast'

/** Names an expression or declaration mentions (more than it reads is fine: it only joins more). */
function mentionedNames(node: Node, into = new Set<string>()): Set<string> {
  if (node.type === 'Identifier') into.add(node.name as string)
  for (const [key, value] of Object.entries(node)) {
    if (key === 'type' || key === 'start' || key === 'end') continue
    // `a.b` and `{ b: a }` read a, not b
    if (key === 'property' && node.type === 'MemberExpression' && !node.computed) continue
    if (key === 'key' && !node.computed && !node.shorthand) continue
    for (const child of Array.isArray(value) ? value : [value]) if (isNode(child)) mentionedNames(child, into)
  }
  return into
}

/** The names a top-level declaration binds. */
function declaredNames(declaration: Node): string[] {
  if (declaration.type === 'VariableDeclaration') {
    return (declaration.declarations as Node[]).flatMap((d) =>
      isNode(d.id) && d.id.type === 'Identifier' ? [d.id.name as string] : [],
    )
  }
  const id = declaration.id
  return isNode(id) && id.type === 'Identifier' ? [id.name as string] : []
}

const DECLARATIONS = new Set(['VariableDeclaration', 'FunctionDeclaration', 'ClassDeclaration'])

export interface SchemaSplit {
  /** the module itself: the names of both parts, re-exported */
  main: string
  /** everything that does not need zod */
  base: string
  /** the zod schemas and what uses them */
  schemas: string
}

/**
 * Splits a module that declares both zod schemas and plain constants or functions, so that a page
 * using only the latter does not load zod. Answers null for a module it leaves whole: one without
 * zod, one of schemas only, or one with statements other than imports and declarations.
 * `partId(part)` names the module of each part.
 */
export function splitSchemas(
  program: Node,
  code: string,
  partId: (part: 'base' | 'schemas') => string,
): SchemaSplit | null {
  const imports: Node[] = []
  const reexports: Node[] = []
  const declarations: { node: Node; names: string[]; exported: boolean; mentions: Set<string> }[] = []
  const localExports: { local: string; exported: string }[] = []
  for (const statement of program.body as Node[]) {
    if (statement.type === 'ImportDeclaration') imports.push(statement)
    else if (statement.type === 'ExportAllDeclaration') reexports.push(statement)
    else if (statement.type === 'ExportNamedDeclaration' && statement.source) reexports.push(statement)
    else if (statement.type === 'ExportNamedDeclaration' && !statement.declaration) {
      // `export { a, b }` of names declared or imported above
      for (const s of statement.specifiers as Node[]) {
        localExports.push({
          local: (s.local as Node).name as string,
          exported: (s.exported as Node).name as string,
        })
      }
    } else if (statement.type === 'ExportNamedDeclaration' && isNode(statement.declaration)) {
      const node = statement.declaration
      declarations.push({
        node: statement,
        names: declaredNames(node),
        exported: true,
        mentions: mentionedNames(node),
      })
    } else if (DECLARATIONS.has(statement.type)) {
      declarations.push({
        node: statement,
        names: declaredNames(statement),
        exported: false,
        mentions: mentionedNames(statement),
      })
    } else return null
  }
  // a name exported apart from its declaration is exported by it; an imported one is passed on
  const passedOn: string[] = []
  for (const { local, exported } of localExports) {
    const declaration = declarations.find((d) => d.names.includes(local))
    if (declaration && local === exported) declaration.exported = true
    else if (declaration) return null
    else {
      const from = imports.find((i) => (i.specifiers as Node[]).some((s) => (s.local as Node).name === local))
      const specifier = (from?.specifiers as Node[] | undefined)?.find(
        (s) => (s.local as Node).name === local,
      )
      if (!from || specifier?.type !== 'ImportSpecifier') return null
      const imported = (specifier.imported as Node).name as string
      const name = imported === exported ? imported : `${imported} as ${exported}`
      passedOn.push(`export { ${name} } from ${JSON.stringify((from.source as Node).value)}`)
    }
  }
  const zodNames = new Set(
    imports
      .filter((i) => /^zod(\/|$)/.test((i.source as Node).value as string))
      .flatMap((i) => (i.specifiers as Node[]).map((s) => (s.local as Node).name as string)),
  )
  if (zodNames.size === 0) return null

  // a declaration needs zod when it mentions zod or a declaration that needs it
  const needsZod = new Set<string>(zodNames)
  for (let grew = true; grew; ) {
    grew = false
    for (const d of declarations) {
      if (d.names.some((n) => needsZod.has(n))) continue
      if ([...d.mentions].some((n) => needsZod.has(n))) {
        for (const n of d.names) needsZod.add(n)
        grew = true
      }
    }
  }
  const schemaPart = declarations.filter((d) => d.names.some((n) => needsZod.has(n)))
  const basePart = declarations.filter((d) => !schemaPart.includes(d))
  const exportedOf = (part: typeof declarations) => part.filter((d) => d.exported).flatMap((d) => d.names)
  if (exportedOf(schemaPart).length === 0 || exportedOf(basePart).length === 0) return null

  const baseNames = new Set(basePart.flatMap((d) => d.names))
  const used = [...new Set(schemaPart.flatMap((d) => [...d.mentions]))].filter((n) => baseNames.has(n))
  const hidden = used.filter((n) => !exportedOf(basePart).includes(n))
  const text = (n: Node) => code.slice(n.start, n.end)
  const importText = imports.map(text).join('\n')
  const base = [
    importText,
    ...basePart.map((d) => text(d.node)),
    hidden.length ? `export { ${hidden.join(', ')} }` : '',
  ].join('\n')
  const schemas = [
    importText,
    used.length ? `import { ${used.join(', ')} } from ${JSON.stringify(partId('base'))}` : '',
    ...schemaPart.map((d) => text(d.node)),
  ].join('\n')
  const main = [
    `export { ${exportedOf(basePart).join(', ')} } from ${JSON.stringify(partId('base'))}`,
    `export { ${exportedOf(schemaPart).join(', ')} } from ${JSON.stringify(partId('schemas'))}`,
    ...reexports.map(text),
    ...passedOn,
  ].join('\n')
  return { main, base, schemas }
}

const PART = /\?core-part=(base|schemas)$/

/**
 * A core contract module often declares the constants a screen shows (limits, paths, choices)
 * beside the zod schemas of the same endpoints, which only forms check with. A page using a
 * constant would load the whole module, and zod with it. Each such module is split in two
 * modules, one with zod and one without, which the page's code then reaches apart.
 */
export function splitCoreSchemas(): Plugin {
  const parts = new Map<string, string>()
  return {
    name: 'split-core-schemas',
    apply: 'build',
    enforce: 'post',
    resolveId: {
      filter: { id: PART },
      handler: (id) => id,
    },
    load: {
      filter: { id: PART },
      handler: (id) => parts.get(id) ?? null,
    },
    transform: {
      filter: { id: /packages[\\/]core[\\/]src[\\/](?!.*\.test\.ts$).*\.ts$/ },
      handler(code, id) {
        const partId = (part: 'base' | 'schemas') => `${id}?core-part=${part}`
        const split = splitSchemas(this.parse(code) as unknown as Node, code, partId)
        if (!split) return null
        parts.set(partId('base'), split.base)
        parts.set(partId('schemas'), split.schemas)
        return { code: split.main, map: null }
      },
    },
  }
}
