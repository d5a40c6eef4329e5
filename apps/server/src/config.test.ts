import { describe, expect, it } from 'vitest'
import { loadConfig } from './config.js'

describe('listening address', () => {
  it('keeps demo mode, whose simulator routes need no token, to this machine', () => {
    expect(loadConfig({ DEMO: '1' }).HOST).toBe('127.0.0.1')
  })

  it('opens demo mode to the network only when HOST says so', () => {
    expect(loadConfig({ DEMO: '1', HOST: '0.0.0.0' }).HOST).toBe('0.0.0.0')
    expect(loadConfig({ DEMO: '1', HOST: '192.168.1.20' }).HOST).toBe('192.168.1.20')
  })

  it('listens on every interface outside demo mode unless HOST says otherwise', () => {
    expect(loadConfig({}).HOST).toBe('0.0.0.0')
    expect(loadConfig({ DEMO: '0' }).HOST).toBe('0.0.0.0')
    expect(loadConfig({ HOST: '127.0.0.1' }).HOST).toBe('127.0.0.1')
  })

  it('treats an empty HOST as not set', () => {
    expect(loadConfig({ DEMO: '1', HOST: '' }).HOST).toBe('127.0.0.1')
  })
})
