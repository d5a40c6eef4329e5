import ts from 'typescript'
import type { Source } from './faces.js'

export interface Statement {
  file: string
  line: number
  table: string
  /** the named methods and functions the statement sits in, innermost first */
  within: string[]
  /** a `where`/`on` clause of the statement itself names the tenant column */
  scoped: boolean
  /** it sits in a function that takes a `SystemScope`: a lookup across tenants on purpose */
  system: boolean
}

const STARTS = new Set(['selectFrom', 'updateTable', 'deleteFrom'])
/** Clauses that filter rows: a tenant column named anywhere else (a select list, an order) filters nothing. */
const FILTERS = new Set(['where', 'whereRef', 'on', 'onRef', 'having'])
const JOINS = new Set(['innerJoin', 'leftJoin', 'rightJoin', 'fullJoin'])
/** Calls that apply a callback to the statement: `$if(cond, (q) => q.where(…))`. */
const APPLIES = new Set(['$if', '$call'])
/**
 * The one visibility policy of sessions, passed whole to a `where`: each begins with
 * `s.tenant_id = caller.tenantId` (the structure test checks its text).
 */
export const TENANT_CONDITIONS: Record<string, string> = {
  visibleSessions: 'modules/sessions/session.visibility.ts',
  sessionsInScope: 'modules/sessions/session.scope.ts',
}
// a table in raw SQL, with its alias: `from sessions s`, `update fans as f`, `join users u`
const RAW_TABLE = /\b(?:from|update|join)\s+([a-z_]+)/gi
// the tenant column inside a raw WHERE or ON clause: after the keyword, before the clause ends
const RAW_FILTER =
  /\b(?:where|on)\b(?:(?!\b(?:select|from|group\s+by|order\s+by|limit|returning|set)\b)[\s\S])*?\b(?:\w+\.)?tenant_id\b/i

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

/** A function-like node that declares a parameter of type `SystemScope`. */
export function takesSystemScope(node: ts.Node): boolean {
  return (
    ts.isFunctionLike(node) &&
    node.parameters.some((p) => p.type !== undefined && /^(?:\w+\.)?SystemScope$/.test(p.type.getText()))
  )
}

const enclosing = (node: ts.Node): ts.Node[] => {
  const out: ts.Node[] = []
  for (let n: ts.Node | undefined = node.parent; n; n = n.parent) out.push(n)
  return out
}

/** The calls of the method chain a call starts, in order: `db.selectFrom(…).where(…).execute()`. */
function chainCalls(node: ts.CallExpression): ts.CallExpression[] {
  const calls = [node]
  let top: ts.Node = node
  while (
    top.parent &&
    ((ts.isPropertyAccessExpression(top.parent) && top.parent.expression === top) ||
      (ts.isCallExpression(top.parent) && top.parent.expression === top))
  ) {
    top = top.parent
    if (ts.isCallExpression(top)) calls.push(top)
  }
  return calls
}

const methodName = (call: ts.CallExpression): string | null =>
  ts.isPropertyAccessExpression(call.expression) ? call.expression.name.text : null

/** The column references a clause's arguments make: string literals and raw SQL fragments. */
function namesTenantColumn(node: ts.Node, columns: Set<string>): boolean {
  let found = false
  const visit = (n: ts.Node): void => {
    if (found) return
    if (ts.isStringLiteral(n) || ts.isNoSubstitutionTemplateLiteral(n)) {
      if (columns.has(n.text)) found = true
    } else if (
      ts.isCallExpression(n) &&
      ts.isIdentifier(n.expression) &&
      n.expression.text in TENANT_CONDITIONS
    ) {
      found = true
    } else if (ts.isIdentifier(n) && /^tenant_?[iI]ds?$/.test(n.text)) {
      // the tenant handed to a condition helper: `where(historyConditions(tenantId, f))`
      found = true
    } else if (ts.isTaggedTemplateExpression(n) && /^sql\b/.test(n.tag.getText())) {
      if (/\btenant_id\b/.test(n.template.getText())) found = true
    }
    ts.forEachChild(n, visit)
  }
  visit(node)
  return found
}

/** `'sessions as s'` → table and alias. */
function parseTable(text: string): { table: string; alias: string } {
  const m = /^\s*([a-z_]+)(?:\s+as\s+([a-z_]\w*))?\s*$/i.exec(text)
  return m ? { table: m[1], alias: m[2] ?? m[1] } : { table: text, alias: text }
}

/**
 * A statement's tenant columns: `tenant_id` bare or through the table's name or alias. A join's
 * table adds its own alias: filtering the joined side by tenant in its `on` counts too.
 */
function tenantColumns(aliases: string[]): Set<string> {
  const out = new Set(['tenant_id'])
  for (const a of aliases) out.add(`${a}.tenant_id`)
  return out
}

/**
 * The chain a statement starts, and where it is kept in a variable (`let q = db.selectFrom(…)`),
 * the chains that continue it in the same function (`q = q.where(…)`, `q.select(…).execute()`).
 */
function statementCalls(start: ts.CallExpression): ts.CallExpression[] {
  const calls = chainCalls(start)
  const top = calls[calls.length - 1]
  const decl = top.parent
  if (!decl || !ts.isVariableDeclaration(decl) || decl.initializer !== top || !ts.isIdentifier(decl.name))
    return calls
  const name = decl.name.text
  let body: ts.Node | undefined = decl.parent
  while (body && !ts.isFunctionLike(body) && !ts.isSourceFile(body)) body = body.parent
  const visit = (n: ts.Node): void => {
    if (ts.isIdentifier(n) && n.text === name && n !== decl.name) {
      const parent = n.parent
      if (
        ts.isPropertyAccessExpression(parent) &&
        parent.expression === n &&
        ts.isCallExpression(parent.parent)
      )
        calls.push(...chainCalls(parent.parent))
    }
    ts.forEachChild(n, visit)
  }
  if (body) visit(body)
  return calls
}

/** Whether a Kysely statement filters by tenant in a `where`/`on` of its own chain. */
function kyselyScoped(calls: ts.CallExpression[], alias: string, table: string): boolean {
  const aliases = [alias, table]
  for (const c of calls)
    if (c.arguments[0] && JOINS.has(methodName(c) ?? '') && ts.isStringLiteral(c.arguments[0]))
      aliases.push(parseTable(c.arguments[0].text).alias)
  const columns = tenantColumns(aliases)
  return calls.some((c) => {
    const name = methodName(c) ?? ''
    if (FILTERS.has(name)) return c.arguments.some((a) => namesTenantColumn(a, columns))
    // a join's `on` callback: `innerJoin('fans as f', (j) => j.onRef(…).on('f.tenant_id', …))`
    if (JOINS.has(name)) return c.arguments.slice(1).some((a) => onNamesTenant(a, columns))
    if (APPLIES.has(name)) return c.arguments.some((a) => onNamesTenant(a, columns))
    return false
  })
}

function onNamesTenant(node: ts.Node, columns: Set<string>): boolean {
  let found = false
  const visit = (n: ts.Node): void => {
    if (found) return
    if (ts.isCallExpression(n) && FILTERS.has(methodName(n) ?? ''))
      if (n.arguments.some((a) => namesTenantColumn(a, columns))) found = true
    ts.forEachChild(n, visit)
  }
  visit(node)
  return found
}

/**
 * Every select, update and delete on a tenant table in the given sources: Kysely statements
 * (`selectFrom('sessions as s')`, `updateTable`, `deleteFrom`) and raw SQL (`sql\`…from x…\``),
 * each with whether a `where`/`on` of its own names the tenant column and whether it sits in a
 * function that takes a `SystemScope`. A subquery (`eb.selectFrom`, or a builder's destructured
 * `selectFrom`) belongs to the statement around it and is not counted alone.
 */
export function scanTenantStatements(sources: Source[], tables: Set<string>): Statement[] {
  const out: Statement[] = []
  for (const s of sources) {
    const source = ts.createSourceFile(s.path, s.text, ts.ScriptTarget.Latest, true)
    const add = (node: ts.Node, table: string, scoped: boolean) => {
      const around = enclosing(node)
      out.push({
        file: s.path,
        line: source.getLineAndCharacterOfPosition(node.getStart()).line + 1,
        table,
        within: around.map(nameOf).filter((n): n is string => n !== null),
        scoped,
        system: around.some(takesSystemScope),
      })
    }
    const visit = (node: ts.Node): void => {
      if (
        ts.isCallExpression(node) &&
        ts.isPropertyAccessExpression(node.expression) &&
        STARTS.has(node.expression.name.text) &&
        node.arguments[0] &&
        ts.isStringLiteral(node.arguments[0])
      ) {
        const { table, alias } = parseTable(node.arguments[0].text)
        if (tables.has(table) && node.expression.expression.getText() !== 'eb')
          add(node, table, kyselyScoped(statementCalls(node), alias, table))
      }
      if (ts.isTaggedTemplateExpression(node) && /^sql\b/.test(node.tag.getText())) {
        const raw = node.template.getText()
        for (const m of raw.matchAll(RAW_TABLE)) if (tables.has(m[1])) add(node, m[1], RAW_FILTER.test(raw))
      }
      ts.forEachChild(node, visit)
    }
    visit(source)
  }
  return out
}

/** Methods and functions named `system…` that do not take a `SystemScope`: a name is not a capability. */
export function systemNamedWithoutScope(sources: Source[]): string[] {
  const out: string[] = []
  for (const s of sources) {
    const source = ts.createSourceFile(s.path, s.text, ts.ScriptTarget.Latest, true)
    const visit = (node: ts.Node): void => {
      if (ts.isFunctionLike(node) && !ts.isFunctionTypeNode(node)) {
        const name = nameOf(node) ?? (ts.isMethodSignature(node) && node.name ? node.name.getText() : null)
        if (name && /^system[A-Z]/.test(name) && !takesSystemScope(node))
          out.push(`${s.path}:${source.getLineAndCharacterOfPosition(node.getStart()).line + 1} ${name}`)
      }
      ts.forEachChild(node, visit)
    }
    visit(source)
  }
  return out
}
