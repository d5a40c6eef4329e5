/** A keyword of a rule: full match (the whole message) or half match (anywhere in it). */
export interface MatcherKeyword {
  keyword: string
  ruleId: number
  full: boolean
}

/** Rules whose keywords a message hit, split by how it hit them. */
export interface MatchResult {
  full: number[]
  half: number[]
}

const NO_STATE = -1

/**
 * Every rule's keywords in one structure, built once per change of the rules, so a message costs
 * one pass over its characters however many rules there are: a hash of the full-match keywords
 * (the whole trimmed message looked up once) and an Aho-Corasick automaton of the half-match
 * keywords (every occurrence found in one scan). Keywords and messages compare ignoring case.
 */
export class KeywordMatcher {
  private readonly fullRules = new Map<string, number[]>()
  /** goto edges while building: (state * 2^16 + UTF-16 code unit) → next state */
  private edges = new Map<number, number>()
  /** the built edges, compact: a state's edges are chars/targets[start[state] .. start[state + 1]), by char */
  private start: Int32Array = new Int32Array(2)
  private chars: Uint16Array = new Uint16Array(0)
  private targets: Int32Array = new Int32Array(0)
  /** the root's edges by char, for one lookup on the most frequent step */
  private root: Int32Array = new Int32Array(65_536).fill(NO_STATE)
  private fail: Int32Array = new Int32Array(1)
  /** the nearest state on the fail chain (or the state itself) where a keyword ends; -1: none */
  private output: Int32Array = new Int32Array(1)
  /** rule ids of the keywords ending at a state */
  private readonly ends = new Map<number, number[]>()
  private states = 1

  constructor(keywords: Iterable<MatcherKeyword>) {
    for (const k of keywords) {
      const key = normalize(k.keyword)
      if (!key) continue
      if (k.full) add(this.fullRules, key, k.ruleId)
      else add(this.ends, this.insert(key), k.ruleId)
    }
    this.link()
  }

  /** Every rule a message hits, each once. */
  match(text: string): MatchResult {
    const t = normalize(text)
    const full = [...new Set(this.fullRules.get(t) ?? [])]
    const half = new Set<number>()
    let state = 0
    for (let i = 0; i < t.length; i++) {
      const c = t.charCodeAt(i)
      let next = this.goto(state, c)
      while (next === NO_STATE && state !== 0) {
        state = this.fail[state]
        next = this.goto(state, c)
      }
      state = next === NO_STATE ? 0 : next
      for (let s = this.output[state]; s !== NO_STATE; s = this.output[this.fail[s]]) {
        for (const id of this.ends.get(s) ?? []) half.add(id)
        if (s === 0) break
      }
    }
    return { full, half: [...half] }
  }

  get size(): number {
    return this.states
  }

  private insert(key: string): number {
    let state = 0
    for (let i = 0; i < key.length; i++) {
      const edge = state * 65_536 + key.charCodeAt(i)
      let next = this.edges.get(edge)
      if (next === undefined) {
        next = this.states++
        this.edges.set(edge, next)
      }
      state = next
    }
    return state
  }

  /** The state an edge on `c` leads to from `state`, or NO_STATE. */
  private goto(state: number, c: number): number {
    if (state === 0) return this.root[c]
    let lo = this.start[state]
    let hi = this.start[state + 1] - 1
    while (lo <= hi) {
      const mid = (lo + hi) >> 1
      const m = this.chars[mid]
      if (m === c) return this.targets[mid]
      if (m < c) lo = mid + 1
      else hi = mid - 1
    }
    return NO_STATE
  }

  /** The build map becomes compact sorted arrays: no hashing and no allocation while matching. */
  private compact(): number[][] {
    const children: number[][] = Array.from({ length: this.states }, () => [])
    for (const [edge, to] of this.edges) children[Math.floor(edge / 65_536)].push(edge % 65_536, to)
    this.start = new Int32Array(this.states + 1)
    this.chars = new Uint16Array(this.edges.size)
    this.targets = new Int32Array(this.edges.size)
    let at = 0
    for (let state = 0; state < this.states; state++) {
      this.start[state] = at
      const list = children[state]
      const order = Array.from({ length: list.length / 2 }, (_, j) => j).sort(
        (a, b) => list[2 * a] - list[2 * b],
      )
      for (const j of order) {
        this.chars[at] = list[2 * j]
        this.targets[at] = list[2 * j + 1]
        if (state === 0) this.root[list[2 * j]] = list[2 * j + 1]
        at++
      }
    }
    this.start[this.states] = at
    this.edges = new Map()
    return children
  }

  /** Breadth-first: each state's fail link is the longest proper suffix that is also a path. */
  private link(): void {
    const children = this.compact()
    this.fail = new Int32Array(this.states)
    this.output = new Int32Array(this.states).fill(NO_STATE)
    const queue: number[] = [0]
    for (let head = 0; head < queue.length; head++) {
      const state = queue[head]
      const list = children[state]
      for (let j = 0; j < list.length; j += 2) {
        const c = list[j]
        const child = list[j + 1]
        let target: number | undefined
        if (state !== 0) {
          // follow the parent's fail chain to the first state with an edge on this character
          let f = this.fail[state]
          target = this.goto(f, c)
          while (target === NO_STATE && f !== 0) {
            f = this.fail[f]
            target = this.goto(f, c)
          }
        }
        this.fail[child] =
          state === 0 || target === undefined || target === NO_STATE || target === child ? 0 : target
        queue.push(child)
      }
      // a state reports itself when a keyword ends here, else what its fail state reports
      this.output[state] = this.ends.has(state)
        ? state
        : state === 0
          ? NO_STATE
          : this.output[this.fail[state]]
    }
  }
}

function normalize(text: string): string {
  return text.trim().toLowerCase()
}

function add(map: Map<string, number[]> | Map<number, number[]>, key: string | number, id: number): void {
  const m = map as Map<string | number, number[]>
  const list = m.get(key)
  if (list) list.push(id)
  else m.set(key, [id])
}
