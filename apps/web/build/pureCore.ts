import type { Plugin } from 'vite'
import { childNodes, isNode, type Node, topLevelDeclarators } from './ast'

const FUNCTIONS = new Set(['FunctionExpression', 'ArrowFunctionExpression', 'ClassExpression'])

/** Whether evaluating the expression calls something (calls inside function bodies do not count). */
function callsSomething(node: Node): boolean {
  if (node.type === 'CallExpression' || node.type === 'NewExpression') return true
  if (node.type === 'TaggedTemplateExpression') return true
  if (FUNCTIONS.has(node.type)) return false
  return childNodes(node).some(callsSomething)
}

/**
 * The ranges of the top-level constant initializers that call something, such as
 * `z.object({ id: idSchema.optional() })`.
 */
export function callingInitializers(program: Node): { start: number; end: number }[] {
  return topLevelDeclarators(program).flatMap(({ init }) =>
    isNode(init) && callsSomething(init) ? [{ start: init.start, end: init.end }] : [],
  )
}

/** The source with each range's expression evaluated by a call marked pure. */
export function markPure(code: string, ranges: { start: number; end: number }[]): string {
  let out = code
  for (const { start, end } of [...ranges].sort((a, b) => b.start - a.start)) {
    out = `${out.slice(0, start)}/* @__PURE__ */ (() => (${out.slice(start, end)}))()${out.slice(end)}`
  }
  return out
}

/**
 * Core's modules only declare constants, functions and zod schemas, so building a constant has
 * no effect beyond its value. The bundler cannot see that of a call such as
 * `z.object({ id: idSchema.optional() })` (a method call on another schema), and keeps every
 * such schema, and zod with it, in each page that imports anything of the module. Each
 * top-level constant that calls something is built by a call marked pure, which the bundler
 * leaves out when nothing reads the constant.
 */
export function pureCoreConstants(): Plugin {
  return {
    name: 'pure-core-constants',
    apply: 'build',
    enforce: 'post',
    transform: {
      filter: { id: /packages[\\/]core[\\/]src[\\/](?!.*\.test\.ts$).*\.ts$/ },
      handler(code) {
        const ranges = callingInitializers(this.parse(code) as unknown as Node)
        return ranges.length ? { code: markPure(code, ranges), map: null } : null
      },
    },
  }
}
