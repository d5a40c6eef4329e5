import { Redis } from 'ioredis'
import { describe, expect, it } from 'vitest'
import { heardCommands } from './heard-commands.js'

describe('heardCommands', () => {
  it('reports the commands that a closed connection rejects, instead of leaving them unheard', async () => {
    // nothing listens on port 1: the commands wait in the offline queue until the client closes
    const client = new Redis('redis://127.0.0.1:1', { maxRetriesPerRequest: null })
    client.on('error', () => undefined)
    const failures: string[] = []
    const heard = heardCommands(client, (err) => failures.push(err.message))
    heard.publish('channel', 'message')
    heard.subscribe('channel')
    client.disconnect()
    await expect.poll(() => failures).toEqual(['Connection is closed.', 'Connection is closed.'])
  })

  it('passes results and non-command members through', async () => {
    const client = new Redis('redis://127.0.0.1:1', { lazyConnect: true })
    const heard = heardCommands(client, () => undefined)
    expect(heard.status).toBe('wait')
    expect(heard.on('error', () => undefined)).toBe(client)
    client.disconnect()
  })
})
