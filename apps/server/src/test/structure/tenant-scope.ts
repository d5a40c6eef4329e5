import fs from 'node:fs'
import path from 'node:path'
import ts from 'typescript'

const srcDir = path.resolve(import.meta.dirname, '../..')
const dbDir = path.join(srcDir, 'db')

/** Tables whose rows carry `tenant_id`, read from the schema files. */
export function tenantTables(): Set<string> {
  const schema = fs
    .readdirSync(dbDir)
    .filter((f) => /^schema.*\.ts$/.test(f))
    .map((f) => fs.readFileSync(path.join(dbDir, f), 'utf8'))
    .join('\n')
  const withTenant = new Set<string>()
  for (const m of schema.matchAll(/export interface (\w+) \{([^}]*)\}/g))
    if (/^\s+tenant_id:/m.test(m[2])) withTenant.add(m[1])
  const db = schema.slice(schema.indexOf('export interface Database'))
  const tables = new Set<string>()
  for (const m of db.slice(0, db.indexOf('\n}')).matchAll(/^\s+([a-z_]+): (\w+)/gm))
    if (withTenant.has(m[2])) tables.add(m[1])
  return tables
}

export interface Statement {
  file: string
  line: number
  table: string
  /** the named methods and functions the statement sits in, innermost first */
  within: string[]
  /** the statement's own text filters by the tenant */
  scoped: boolean
}

const STARTS = new Set(['selectFrom', 'updateTable', 'deleteFrom'])
const RAW_STATEMENT = /\b(?:from|update)\s+([a-z_]+)/gi

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name)
    // migrations change every tenant's rows on purpose; tests and fixtures are not the product
    if (e.isDirectory()) return e.name === 'test' || e.name === 'migrations' ? [] : sourceFiles(p)
    return e.name.endsWith('.ts') && !e.name.endsWith('.test.ts') && !e.name.includes('.fixtures.') ? [p] : []
  })
}

function nameOf(node: ts.Node): string | null {
  if ((ts.isMethodDeclaration(node) || ts.isFunctionDeclaration(node)) && node.name)
    return node.name.getText()
  if (
    (ts.isArrowFunction(node) || ts.isFunctionExpression(node)) &&
    (ts.isVariableDeclaration(node.parent) ||
      ts.isPropertyDeclaration(node.parent) ||
      ts.isPropertyAssignment(node.parent))
  )
    return node.parent.name.getText()
  if (ts.isGetAccessor(node)) return node.name.getText()
  return null
}

function enclosing(node: ts.Node): string[] {
  const names: string[] = []
  for (let n: ts.Node | undefined = node.parent; n; n = n.parent) {
    const name = nameOf(n)
    if (name) names.push(name)
  }
  return names
}

/** The whole method chain a call starts: up through property accesses and calls to its end. */
function chainOf(node: ts.Node): ts.Node {
  let top = node
  while (
    top.parent &&
    ((ts.isPropertyAccessExpression(top.parent) && top.parent.expression === top) ||
      (ts.isCallExpression(top.parent) && top.parent.expression === top))
  )
    top = top.parent
  return top
}

/**
 * Every select, update and delete statement on a tenant table in the server's source, with
 * whether its own text filters by the tenant. A subquery (`eb.selectFrom`, or a builder's
 * destructured `selectFrom`) belongs to the statement around it and is not counted alone.
 */
export function tenantStatements(): Statement[] {
  const tables = tenantTables()
  const out: Statement[] = []
  for (const file of sourceFiles(srcDir)) {
    const text = fs.readFileSync(file, 'utf8')
    const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true)
    const rel = path.relative(srcDir, file)
    const add = (node: ts.Node, table: string, scoped: boolean) =>
      out.push({
        file: rel,
        line: source.getLineAndCharacterOfPosition(node.getStart()).line + 1,
        table,
        within: enclosing(node),
        scoped,
      })
    const visit = (node: ts.Node): void => {
      if (
        ts.isCallExpression(node) &&
        ts.isPropertyAccessExpression(node.expression) &&
        STARTS.has(node.expression.name.text) &&
        node.arguments[0] &&
        ts.isStringLiteral(node.arguments[0]) &&
        tables.has(node.arguments[0].text)
      ) {
        const receiver = node.expression.expression.getText()
        if (receiver !== 'eb')
          add(node, node.arguments[0].text, /tenant_?[iI]d/.test(chainOf(node).getText()))
      }
      if (ts.isTaggedTemplateExpression(node) && /^sql\b/.test(node.tag.getText())) {
        const raw = node.template.getText()
        for (const m of raw.matchAll(RAW_STATEMENT))
          if (tables.has(m[1])) add(node, m[1], /tenant_id|tenantId/.test(raw))
      }
      ts.forEachChild(node, visit)
    }
    visit(source)
  }
  return out
}

/** A statement that may leave out the tenant: it sits in a method named system… (an engine's lookup by account or row). */
export const isSystem = (s: Statement): boolean => s.within.some((n) => n.startsWith('system'))
