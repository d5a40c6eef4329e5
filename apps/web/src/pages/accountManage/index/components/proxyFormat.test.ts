import { describe, expect, it } from 'vitest'
import { isValidProxy } from './proxyFormat'

describe('proxy format', () => {
  it.each([
    '1.2.3.4:8080',
    '1.2.3.4:8080:user:pass',
    '1.2.3.4:8080:user:pa:ss',
    'proxy.example.com:3128:u:p',
    ' 10.0.0.1:1080 ',
    'socks5://10.0.0.1:1080:u:p',
    'http://user:secret@proxy.example.com:8080',
  ])('accepts %j', (text) => {
    expect(isValidProxy(text)).toBe(true)
  })

  it.each([
    '',
    '1.2.3.4',
    '1.2.3.4:notaport',
    '1.2.3.4:0',
    '1.2.3.4:65536',
    '1.2.3.4:8080:user',
    '1.2.3.4:8080::pass',
    '1.2.3.4:8080:user:',
    '999.1.1.1:8080',
    'ftp://1.2.3.4:21',
    'bad host:80',
  ])('refuses %j', (text) => {
    expect(isValidProxy(text)).toBe(false)
  })
})
