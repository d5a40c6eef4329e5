import crypto from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { newSigningSecret, signedHeaders, verify } from './signature.js'

const README = path.resolve(import.meta.dirname, '../../../../../README.md')

/** The README's Node example of verifying a delivery, as a function. */
function readmeVerify(): (secret: string, headers: Record<string, string>, rawBody: string) => boolean {
  const text = fs.readFileSync(README, 'utf8')
  const block = /in Node:\n\n```js\n([\s\S]*?)```/.exec(text)?.[1]
  if (!block) throw new Error('the README has no Node example of verifying a webhook')
  const body = block.replace(/^import .*$/m, '')
  return new Function('crypto', `${body}\nreturn verify`)(crypto)
}

describe('webhook signatures (Standard Webhooks)', () => {
  const secret = newSigningSecret()
  const body = JSON.stringify({ id: 'evt_7', type: 'message.received', createdAt: 1, data: { text: '你好' } })
  const headers = signedHeaders(secret, 'evt_7', body, Date.now())

  it('verifies what it signed, and nothing changed', () => {
    const h = {
      id: headers['webhook-id'],
      timestamp: headers['webhook-timestamp'],
      signature: headers['webhook-signature'],
    }
    expect(verify(secret, h, body)).toBe(true)
    expect(verify(secret, h, body.replace('你好', '您好'))).toBe(false)
    expect(verify(newSigningSecret(), h, body)).toBe(false)
    expect(verify(secret, { ...h, id: 'evt_8' }, body)).toBe(false)
  })

  it('refuses a timestamp more than five minutes away (a replay)', () => {
    const old = signedHeaders(secret, 'evt_7', body, Date.now() - 6 * 60_000)
    const h = { id: 'evt_7', timestamp: old['webhook-timestamp'], signature: old['webhook-signature'] }
    expect(verify(secret, h, body)).toBe(false)
  })

  it('the README’s Node example verifies a delivery and refuses a changed one', () => {
    const check = readmeVerify()
    expect(check(secret, headers, body)).toBe(true)
    expect(check(secret, headers, `${body} `)).toBe(false)
  })
})
