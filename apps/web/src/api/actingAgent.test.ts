import {
  autoReplyEndpoints,
  chatEndpoints,
  deskEndpoints,
  type Endpoint,
  groupEndpoints,
  labelEndpoints,
  massSendEndpoints,
  materialEndpoints,
  materialGroupEndpoints,
} from '@app/core'
import { describe, expect, it } from 'vitest'
import { carriesActingAgent } from './actingAgent'

const paths = (...groups: Record<string, Endpoint>[]) =>
  groups.flatMap((g) => Object.values(g).map((e) => e.path))

describe('the acting-agent rule, against the contracts', () => {
  it("carries the agent on every call of the desk's chat, sessions, groups, auto reply and mass send", () => {
    const always = paths(chatEndpoints, deskEndpoints, groupEndpoints, autoReplyEndpoints, massSendEndpoints)
    expect(always.filter((url) => !carriesActingAgent({ method: 'post', url, data: {} }))).toEqual([])
  })

  it('carries it on the material libraries unless a call names the public one', () => {
    for (const url of paths(materialEndpoints, materialGroupEndpoints)) {
      expect(carriesActingAgent({ method: 'get', url, params: { ownerType: 2 } })).toBe(true)
      expect(carriesActingAgent({ method: 'get', url, params: { ownerType: 1 } })).toBe(false)
      expect(carriesActingAgent({ method: 'post', url, data: JSON.stringify({ ownerType: 1 }) })).toBe(false)
    }
  })

  it('leaves labels out, the session-friend tags query among them', () => {
    expect(paths(labelEndpoints).filter((url) => carriesActingAgent({ method: 'get', url }))).toEqual([])
  })
})
