import { describe, expect, it } from 'vitest'
import { checkContactPhone, materialCreateBody } from './materials.js'

describe('material rules', () => {
  it.each([
    ['12345678', null],
    ['+86 138-0013-8000', null],
    ['1234567', 'material.contactPhone'],
    ['', 'material.contactPhone'],
    ['12345678x', 'material.contactPhone'],
    ['1'.repeat(21), 'material.contactPhone'],
  ])('contact phone %j → %s', (phone, key) => {
    expect(checkContactPhone(phone)).toBe(key)
  })

  it('defaults a new material to an enabled message material without a group', () => {
    const body = materialCreateBody.parse({
      ownerType: 2,
      name: 'Hi',
      content: { type: 'text', text: 'Hello' },
    })
    expect(body).toMatchObject({ usage: 'message', enabled: true, groupId: null })
  })

  it('refuses a type it does not know and an ownerType other than 1 or 2', () => {
    expect(
      materialCreateBody.safeParse({ ownerType: 2, name: 'x', content: { type: 'sticker' } }).success,
    ).toBe(false)
    expect(
      materialCreateBody.safeParse({ ownerType: 3, name: 'x', content: { type: 'text', text: 'a' } }).success,
    ).toBe(false)
  })
})
