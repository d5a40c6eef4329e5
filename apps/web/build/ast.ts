/** Syntax nodes as the parser gives them: a type, a source range and child nodes. */
export interface Node {
  type: string
  start: number
  end: number
  [key: string]: unknown
}

export const isNode = (v: unknown): v is Node =>
  typeof v === 'object' && v !== null && typeof (v as Node).type === 'string'
