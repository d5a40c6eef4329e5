import { describe, expect, it } from 'vitest'
import { inviteCodeOf, memberJidOf, splitJoinLinks } from './groups.js'

describe('join-group links', () => {
  it('reads the invite code of a link or a bare code, nothing else', () => {
    expect(inviteCodeOf('https://chat.whatsapp.com/AbCdEfGhIj1234567890')).toBe('AbCdEfGhIj1234567890')
    expect(inviteCodeOf(' chat.whatsapp.com/invite/AbCdEfGhIj12/ ')).toBe('AbCdEfGhIj12')
    expect(inviteCodeOf('AbCdEfGhIj12')).toBe('AbCdEfGhIj12')
    expect(inviteCodeOf('https://example.com/AbCdEfGhIj12')).toBeNull()
    expect(inviteCodeOf('hello')).toBeNull()
  })

  it('splits the box into non-empty trimmed lines', () => {
    expect(splitJoinLinks(' a \r\n\n b\n  \n')).toEqual(['a', 'b'])
  })
})

describe('members typed for an action', () => {
  it('takes phones of 9–20 digits and member addresses', () => {
    expect(memberJidOf('+44 7700-900001')).toBe('447700900001@s.whatsapp.net')
    expect(memberJidOf('12345678')).toBeNull()
    expect(memberJidOf('1234567890@lid')).toBe('1234567890@lid')
    expect(memberJidOf('bob')).toBeNull()
  })
})
