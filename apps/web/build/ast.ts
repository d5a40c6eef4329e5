/** Syntax nodes as the parser gives them: a type, a source range and child nodes. */
export interface Node {
  type: string
  start: number
  end: number
  [key: string]: unknown
}

export const isNode = (v: unknown): v is Node =>
  typeof v === 'object' && v !== null && typeof (v as Node).type === 'string'

/** The nodes directly under a node, in source order of its fields. */
export function childNodes(node: Node): Node[] {
  const children: Node[] = []
  for (const [key, value] of Object.entries(node)) {
    if (key === 'type' || key === 'start' || key === 'end') continue
    for (const child of Array.isArray(value) ? value : [value]) if (isNode(child)) children.push(child)
  }
  return children
}

/** Each top-level `const`/`let`/`var` declarator of a module, exported or not. */
export function topLevelDeclarators(program: Node): Node[] {
  return (program.body as Node[]).flatMap((statement) => {
    const declaration = statement.type === 'ExportNamedDeclaration' ? statement.declaration : statement
    return isNode(declaration) && declaration.type === 'VariableDeclaration'
      ? (declaration.declarations as Node[])
      : []
  })
}
