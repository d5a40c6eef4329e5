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

describe('the WhatsApp link', () => {
  it('is Baileys by default and the simulator in demo mode', () => {
    expect(loadConfig({}).GATEWAY).toBe('baileys')
    expect(loadConfig({ DEMO: '1' }).GATEWAY).toBe('simulator')
  })

  it('is chosen by GATEWAY, and the simulator alone keeps to this machine like the demo', () => {
    expect(loadConfig({ GATEWAY: 'simulator' })).toMatchObject({
      GATEWAY: 'simulator',
      DEMO: false,
      HOST: '127.0.0.1',
    })
    expect(loadConfig({ DEMO: '1', GATEWAY: 'baileys' })).toMatchObject({
      GATEWAY: 'baileys',
      HOST: '0.0.0.0',
    })
  })

  it('refuses an unknown gateway at start, naming the setting', () => {
    expect(() => loadConfig({ GATEWAY: 'whatsapp-web' })).toThrow(/GATEWAY/)
  })
})

describe('the shared simulated network', () => {
  it('is not used unless SIM_URL is set', () => {
    expect(loadConfig({ DEMO: '1' }).SIM_URL).toBeUndefined()
  })

  it('makes the simulator the WhatsApp link, on this machine only, when SIM_URL is set', () => {
    expect(loadConfig({ SIM_URL: 'http://127.0.0.1:8090' })).toMatchObject({
      SIM_URL: 'http://127.0.0.1:8090',
      GATEWAY: 'simulator',
      HOST: '127.0.0.1',
    })
  })

  it('refuses SIM_URL with the real network or a malformed address, naming the setting', () => {
    expect(() => loadConfig({ SIM_URL: 'http://127.0.0.1:8090', GATEWAY: 'baileys' })).toThrow(/SIM_URL/)
    expect(() => loadConfig({ SIM_URL: '127.0.0.1:8090' })).toThrow(/SIM_URL/)
  })
})

describe('addresses tenants set, on this machine or a private network', () => {
  it('are refused on the real network and allowed on the simulated one by default', () => {
    expect(loadConfig({}).OUTBOUND_PRIVATE_ADDRESSES).toBe(false)
    expect(loadConfig({ GATEWAY: 'simulator' }).OUTBOUND_PRIVATE_ADDRESSES).toBe(true)
  })

  it('follow OUTBOUND_PRIVATE_ADDRESSES, or its former name AI_PROVIDER_PRIVATE_ADDRESSES', () => {
    expect(loadConfig({ OUTBOUND_PRIVATE_ADDRESSES: '1' }).OUTBOUND_PRIVATE_ADDRESSES).toBe(true)
    expect(loadConfig({ AI_PROVIDER_PRIVATE_ADDRESSES: 'true' }).OUTBOUND_PRIVATE_ADDRESSES).toBe(true)
    expect(
      loadConfig({ GATEWAY: 'simulator', AI_PROVIDER_PRIVATE_ADDRESSES: '0' }).OUTBOUND_PRIVATE_ADDRESSES,
    ).toBe(false)
    expect(
      loadConfig({ OUTBOUND_PRIVATE_ADDRESSES: '0', AI_PROVIDER_PRIVATE_ADDRESSES: '1' })
        .OUTBOUND_PRIVATE_ADDRESSES,
    ).toBe(false)
    expect(() => loadConfig({ OUTBOUND_PRIVATE_ADDRESSES: 'maybe' })).toThrow(/OUTBOUND_PRIVATE_ADDRESSES/)
  })
})
