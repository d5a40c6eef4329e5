import { beforeEach, describe, expect, it } from 'vitest'
import type { InboundMessage } from '../messaging-gateway.js'
import { createSimHarness, type SimHarness } from './harness.js'

/**
 * The simulated network addresses customers as WhatsApp does under hidden ids (lid): by phone with
 * the lid alongside, by lid with the phone alongside, or by lid alone, and reveals the phone to
 * the accounts later, as Baileys' `lid-mapping.update` does.
 */

const SHOP = '8613800000000'
const ANN = '447700900001'
const ANN_JID = `${ANN}@s.whatsapp.net`

let h: SimHarness
beforeEach(async () => {
  h = createSimHarness({ seed: 11 })
  h.network.addPhone(ANN, { name: 'Ann' })
  await h.linkAccount('1', SHOP)
})

const last = (): InboundMessage => h.events.message[h.events.message.length - 1] as InboundMessage

describe('customers addressed by hidden id', () => {
  it('by hidden id alone: the chat and the sender are the lid, no phone anywhere, no mapping', async () => {
    h.network.setAddressing(ANN, 'lid-hidden')
    h.network.customerSend(ANN, SHOP, { kind: 'text', text: 'hi' })
    await h.settle()
    const m = last()
    expect(m.ref.chatId).toMatch(/@lid$/)
    expect(m.chatAlt).toBeUndefined()
    expect(m.sender).toEqual({ id: m.ref.chatId, lid: m.ref.chatId, pushName: 'Ann' })
    expect(h.events['identity.mapping']).toEqual([])
  })

  it('by hidden id with the phone alongside: the chat is the lid, its alternate the phone', async () => {
    h.network.setAddressing(ANN, 'lid')
    h.network.customerSend(ANN, SHOP, { kind: 'text', text: 'hi' })
    await h.settle()
    const m = last()
    expect(m.ref.chatId).toMatch(/@lid$/)
    expect(m.chatAlt).toBe(ANN_JID)
    expect(m.sender).toMatchObject({ id: m.ref.chatId, pn: ANN_JID, lid: m.ref.chatId })
  })

  it('reveals the phone to the accounts that chat with the number, and gives it alongside from then on', async () => {
    h.network.setAddressing(ANN, 'lid-hidden')
    h.network.customerSend(ANN, SHOP, { kind: 'text', text: 'hi' })
    await h.settle()
    const lid = last().ref.chatId
    h.network.revealPhone(ANN)
    await h.settle()
    expect(h.events['identity.mapping']).toEqual([{ accountId: '1', pn: ANN_JID, lid, via: 'mapping' }])
    h.network.customerSend(ANN, SHOP, { kind: 'text', text: 'again' })
    await h.settle()
    expect(last().chatAlt).toBe(ANN_JID)
  })

  it('the chatter addresses some of its customers by hidden id, and reveals the hidden ones after their third message', async () => {
    h.network.chatter.start({ ratePerMinute: 0, customers: 5, newCustomerShare: 0, hiddenIds: true })
    const hidden = h.network.chatter.customers()[3] as string
    expect(h.network.listPhones().find((p) => p.number === hidden)?.addressing).toBe('lid-hidden')
    const sends = h.network.chatter.burst(60, { customers: 5, newCustomerShare: 0.5 })
    await h.settle()
    expect(sends.length).toBeGreaterThan(0)
    const chats = h.events.message.map((m) => m.ref.chatId)
    expect(chats.some((c) => c.endsWith('@lid'))).toBe(true)
    const fromHidden = sends.filter((m) => m.from === hidden).length
    const revealed = h.events['identity.mapping'].some(
      (e) => e.pn === `${hidden}@s.whatsapp.net` && e.via === 'mapping',
    )
    expect(fromHidden).toBeGreaterThanOrEqual(3)
    expect(revealed).toBe(true)
  })
})
