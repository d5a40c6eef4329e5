import { SIM_TEXT_MAX, type SimChatView, type SimPendingQr } from '@app/core'
import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { ApiError } from '../../api/request'
import * as api from '../../api/sim'
import { queryClient } from '../../app/queryClient'
import { i18n } from '../../i18n'
import { fakeFeedback } from '../../test/feedback'
import { ALICE, message, phone, renderSimAt, SHOP, shop } from './simTestData'

vi.mock('../../api/sim')
const mocked = vi.mocked(api)

const alice = phone({})
const chat: SimChatView = {
  peer: SHOP,
  type: 'direct',
  title: 'Shop',
  lastAt: 1,
  last: { kind: 'location', text: 'Bund', fromMe: false, revoked: false },
  unread: 0,
  member: true,
}

const renderAt = renderSimAt

const success = vi.fn()
beforeEach(async () => {
  await i18n.changeLanguage('en')
  fakeFeedback({ success })
  mocked.listSimPhones.mockResolvedValue([shop, alice])
  mocked.listSimChats.mockResolvedValue([chat])
  mocked.listSimMessages.mockResolvedValue({ list: [], hasMore: false })
  mocked.listPendingQrs.mockResolvedValue([])
  mocked.readSimChat.mockResolvedValue(null)
})
afterEach(async () => {
  queryClient.clear()
  await i18n.changeLanguage('zh')
})

describe('/sim', () => {
  it('explains that the simulated network exists only in demo mode when the API is absent', async () => {
    mocked.listSimPhones.mockRejectedValue(new ApiError(404, 'Not found'))
    renderAt('/sim')
    expect(await screen.findByText('The simulated network exists only in demo mode')).toBeInTheDocument()
    expect(screen.getByTestId('sim-demo-only')).toHaveTextContent('npm run demo')
  })

  it('lists the phones and opens one with its chats and bubbles', async () => {
    mocked.listSimMessages.mockResolvedValue({
      list: [
        message({
          id: 'M1',
          fromMe: false,
          from: SHOP,
          fromName: 'Shop',
          text: 'welcome',
          status: 'delivered',
        }),
        message({ id: 'M2', text: 'hi there', status: 'read' }),
        message({
          id: 'M3',
          kind: 'location',
          text: 'Bund',
          location: { latitude: 31.2, longitude: 121.5, name: 'Bund' },
          status: 'sent',
        }),
        message({ id: 'M4', kind: 'image', text: '', mediaUrl: '/damai/sim/media/4', status: 'delivered' }),
        message({ id: 'M5', revoked: true, text: '' }),
      ],
      hasMore: false,
    })
    const router = renderAt('/sim')
    expect(await screen.findByTestId(`sim-phone-${SHOP}`)).toHaveTextContent('Account number')
    expect(screen.getByTestId(`sim-phone-${ALICE}`)).toHaveTextContent('Customer')
    fireEvent.click(screen.getByTestId(`sim-phone-${ALICE}`))
    await waitFor(() => expect(router.state.location.search).toBe(`?phone=${ALICE}`))
    expect(await screen.findByTestId(`sim-chat-${SHOP}`)).toHaveTextContent('[Location] Bund')
    fireEvent.click(screen.getByTestId(`sim-chat-${SHOP}`))
    expect(await screen.findByText('welcome')).toBeInTheDocument()
    expect(mocked.listSimMessages).toHaveBeenCalledWith(ALICE, SHOP, 50)
    expect(screen.getByTestId('sim-tick-M2')).toHaveAttribute('data-status', 'read')
    expect(screen.getByTestId('sim-tick-M3')).toHaveAttribute('data-status', 'sent')
    expect(screen.queryByTestId('sim-tick-M1')).toBeNull()
    expect(screen.getByTestId('sim-message-M3')).toHaveTextContent('Bund')
    expect(within(screen.getByTestId('sim-message-M4')).getByAltText('Picture')).toHaveAttribute(
      'src',
      '/damai/sim/media/4',
    )
    expect(screen.getByTestId('sim-message-M5')).toHaveTextContent('This message was deleted')
    // a customer's phone has no fault buttons
    expect(screen.queryByTestId('sim-fault-ban')).toBeNull()
  })

  it('stops the text at 4,096 characters and says why', async () => {
    mocked.sendAsPhone.mockResolvedValue(message({}))
    renderAt(`/sim?phone=${ALICE}&peer=${SHOP}`)
    const input = await screen.findByTestId('sim-composer-input')
    fireEvent.change(input, { target: { value: 'x'.repeat(SIM_TEXT_MAX + 1) } })
    expect(input).toHaveValue('x'.repeat(SIM_TEXT_MAX))
    expect(screen.getByTestId('text-limit-reason')).toBeInTheDocument()
    fireEvent.click(screen.getByTestId('sim-send'))
    await waitFor(() =>
      expect(mocked.sendAsPhone).toHaveBeenCalledWith(ALICE, SHOP, {
        kind: 'text',
        text: 'x'.repeat(SIM_TEXT_MAX),
      }),
    )
  })

  it('sends a text and the sample contents to the open chat', async () => {
    mocked.sendAsPhone.mockResolvedValue(message({}))
    renderAt(`/sim?phone=${ALICE}&peer=${SHOP}`)
    const input = await screen.findByTestId('sim-composer-input')
    fireEvent.change(input, { target: { value: 'Do you ship to Rome?' } })
    fireEvent.click(screen.getByTestId('sim-send'))
    await waitFor(() =>
      expect(mocked.sendAsPhone).toHaveBeenCalledWith(ALICE, SHOP, {
        kind: 'text',
        text: 'Do you ship to Rome?',
      }),
    )
    await waitFor(() => expect(input).toHaveValue(''))
    fireEvent.click(screen.getByTestId('sim-send-image'))
    await waitFor(() => expect(mocked.sendAsPhone).toHaveBeenLastCalledWith(ALICE, SHOP, { kind: 'image' }))
    fireEvent.click(screen.getByTestId('sim-send-location'))
    await waitFor(() =>
      expect(mocked.sendAsPhone).toHaveBeenLastCalledWith(
        ALICE,
        SHOP,
        expect.objectContaining({ kind: 'location', name: 'The Bund' }),
      ),
    )
  })

  it('reads a chat with unread messages when it is open', async () => {
    mocked.listSimChats.mockResolvedValue([{ ...chat, unread: 2 }])
    renderAt(`/sim?phone=${ALICE}&peer=${SHOP}`)
    await waitFor(() => expect(mocked.readSimChat).toHaveBeenCalledWith(ALICE, SHOP))
  })

  it('starts a new chat only with a valid number', async () => {
    renderAt(`/sim?phone=${ALICE}`)
    const input = await screen.findByTestId('sim-new-chat-input')
    fireEvent.change(input, { target: { value: '12ab' } })
    fireEvent.click(screen.getByTestId('sim-new-chat-open'))
    expect(await screen.findByTestId('sim-new-chat-error')).toHaveTextContent('Invalid phone number')
    fireEvent.change(input, { target: { value: '+44 7700 900002' } })
    fireEvent.click(screen.getByTestId('sim-new-chat-open'))
    expect(await screen.findByTestId('sim-chat-title')).toHaveTextContent('+447700900002')
  })

  it('shows the pending QR codes and scans the one clicked', async () => {
    const qr: SimPendingQr = {
      accountId: 7,
      tenant: 'demo',
      qr: 'SIMLINK:abc',
      qrDataUrl: 'data:image/png;base64,AAAA',
      expiresAt: Date.now() + 30_000,
    }
    mocked.listPendingQrs.mockResolvedValue([qr])
    mocked.scanQr.mockResolvedValue({ accountId: 7, phone: ALICE })
    renderAt(`/sim?phone=${ALICE}`)
    fireEvent.click(await screen.findByTestId('sim-scan-qr'))
    const image = await screen.findByTestId('sim-qr-7')
    expect(image).toHaveTextContent('Account 7 · company demo')
    fireEvent.click(image)
    await waitFor(() => expect(mocked.scanQr).toHaveBeenCalledWith(ALICE, 'SIMLINK:abc'))
    await waitFor(() =>
      expect(success).toHaveBeenCalledWith({ content: `+${ALICE} is now linked to account 7` }),
    )
  })

  it('checks a pairing code before entering it', async () => {
    mocked.enterPairingCode.mockResolvedValue({ accountId: 8, phone: ALICE })
    renderAt(`/sim?phone=${ALICE}`)
    fireEvent.click(await screen.findByTestId('sim-pairing'))
    const input = await screen.findByTestId('sim-pairing-input')
    fireEvent.change(input, { target: { value: 'ABC' } })
    fireEvent.click(screen.getByTestId('sim-pairing-submit'))
    expect(await screen.findByText('The pairing code is 8 letters or digits')).toBeInTheDocument()
    expect(mocked.enterPairingCode).not.toHaveBeenCalled()
    fireEvent.change(input, { target: { value: 'abcd-2345' } })
    fireEvent.click(screen.getByTestId('sim-pairing-submit'))
    await waitFor(() => expect(mocked.enterPairingCode).toHaveBeenCalledWith(ALICE, 'abcd2345'))
  })

  it('runs a fault on a linked number only after confirming it', async () => {
    mocked.simFault.mockResolvedValue({ ...shop, banned: true })
    renderAt(`/sim?phone=${SHOP}`)
    fireEvent.click(await screen.findByTestId('sim-fault-ban'))
    expect(await screen.findByText('Have WhatsApp ban this number?')).toBeInTheDocument()
    expect(mocked.simFault).not.toHaveBeenCalled()
    fireEvent.click(screen.getByTestId('sim-fault-ban-ok'))
    await waitFor(() => expect(mocked.simFault).toHaveBeenCalledWith(SHOP, 'ban', undefined))
    expect(screen.getByTestId('sim-fault-disconnect')).toBeInTheDocument()
    expect(screen.queryByTestId('sim-fault-unban')).toBeNull()
  })

  it('has WhatsApp show a customer by hidden id, and reveal its phone after confirming', async () => {
    mocked.setSimAddressing.mockResolvedValue(phone({ addressing: 'lid-hidden' }))
    mocked.revealSimPhone.mockResolvedValue(phone({ addressing: 'lid' }))
    renderAt(`/sim?phone=${ALICE}`)
    const control = await screen.findByTestId('sim-addressing')
    expect(screen.queryByTestId('sim-fault-ban')).toBeNull()
    expect(screen.queryByTestId('sim-addressing-reveal')).toBeNull()
    fireEvent.click(within(control).getByText('Hidden ID only'))
    await waitFor(() => expect(mocked.setSimAddressing).toHaveBeenCalledWith(ALICE, 'lid-hidden'))
    mocked.listSimPhones.mockResolvedValue([shop, phone({ addressing: 'lid-hidden' })])
    await queryClient.invalidateQueries()
    fireEvent.click(await screen.findByTestId('sim-addressing-reveal'))
    fireEvent.click(await screen.findByTestId('sim-addressing-reveal-ok'))
    await waitFor(() => expect(mocked.revealSimPhone).toHaveBeenCalledWith(ALICE))
  })

  it('creates a group with the members typed, refusing a bad number first', async () => {
    const group = {
      id: '120363000000000001@g.us',
      subject: 'Buyers',
      owner: ALICE,
      inviteCode: 'AbCdEfGhIjKl',
      inviteLink: 'https://chat.whatsapp.com/AbCdEfGhIjKl',
      participants: [],
    }
    mocked.createSimGroup.mockResolvedValue(group)
    mocked.getSimGroup.mockResolvedValue(group)
    const router = renderAt(`/sim?phone=${ALICE}`)
    fireEvent.click(await screen.findByTestId('sim-group-create'))
    fireEvent.change(await screen.findByTestId('sim-group-subject'), { target: { value: ' Buyers ' } })
    fireEvent.change(screen.getByTestId('sim-group-members'), { target: { value: `${SHOP}, 12` } })
    fireEvent.click(screen.getByTestId('sim-group-create-ok'))
    expect(await screen.findByText('Invalid phone number')).toBeInTheDocument()
    expect(mocked.createSimGroup).not.toHaveBeenCalled()
    fireEvent.change(screen.getByTestId('sim-group-members'), { target: { value: `+${SHOP}，447700900002` } })
    fireEvent.click(screen.getByTestId('sim-group-create-ok'))
    await waitFor(() =>
      expect(mocked.createSimGroup).toHaveBeenCalledWith(ALICE, 'Buyers', [SHOP, '447700900002']),
    )
    await waitFor(() => expect(router.state.location.search).toContain(encodeURIComponent(group.id)))
  })

  it('deletes its own message after confirming', async () => {
    mocked.listSimMessages.mockResolvedValue({ list: [message({ id: 'M9', text: 'oops' })], hasMore: false })
    mocked.revokeSimMessage.mockResolvedValue(null)
    renderAt(`/sim?phone=${ALICE}&peer=${SHOP}`)
    fireEvent.click(await screen.findByTestId('sim-revoke-M9'))
    fireEvent.click(await screen.findByRole('button', { name: 'OK' }))
    await waitFor(() => expect(mocked.revokeSimMessage).toHaveBeenCalledWith(ALICE, 'M9'))
  })

  it('edits its last text while WhatsApp allows it, and only that one', async () => {
    const now = Date.now()
    mocked.listSimMessages.mockResolvedValue({
      list: [
        message({ id: 'M1', text: 'older', timestamp: now - 60_000 }),
        message({ id: 'M2', text: 'Falr soon', timestamp: now - 30_000 }),
        message({ id: 'M3', fromMe: false, from: SHOP, text: 'ok', timestamp: now - 10_000 }),
      ],
      hasMore: false,
    })
    mocked.editSimMessage.mockResolvedValue(null)
    renderAt(`/sim?phone=${ALICE}&peer=${SHOP}`)
    fireEvent.click(await screen.findByTestId('sim-edit-M2'))
    expect(screen.queryByTestId('sim-edit-M1')).toBeNull()
    expect(screen.queryByTestId('sim-edit-M3')).toBeNull()
    const input = await screen.findByTestId('sim-edit-text')
    expect(input).toHaveValue('Falr soon')
    fireEvent.change(input, { target: { value: 'Fale soon' } })
    fireEvent.click(screen.getByTestId('sim-edit-save'))
    await waitFor(() => expect(mocked.editSimMessage).toHaveBeenCalledWith(ALICE, 'M2', 'Fale soon'))
  })

  it('offers no edit once the 15 minutes are over', async () => {
    mocked.listSimMessages.mockResolvedValue({
      list: [message({ id: 'M4', text: 'long ago', timestamp: Date.now() - 16 * 60_000 })],
      hasMore: false,
    })
    renderAt(`/sim?phone=${ALICE}&peer=${SHOP}`)
    expect(await screen.findByTestId('sim-message-M4')).toBeInTheDocument()
    expect(screen.queryByTestId('sim-edit-M4')).toBeNull()
  })

  it('sends a view-once photo and a poll, and shows both', async () => {
    mocked.sendAsPhone.mockResolvedValue(message({}))
    mocked.listSimMessages.mockResolvedValue({
      list: [
        message({ id: 'V1', kind: 'viewOnce', text: '' }),
        message({ id: 'P1', kind: 'poll', text: 'Size?', poll: { options: ['S', 'M'], selectable: 1 } }),
      ],
      hasMore: false,
    })
    renderAt(`/sim?phone=${ALICE}&peer=${SHOP}`)
    expect(await screen.findByTestId('sim-message-V1')).toHaveTextContent('View-once photo')
    expect(screen.getByTestId('sim-message-P1')).toHaveTextContent('Size?SM')
    fireEvent.click(screen.getByTestId('sim-send-view-once'))
    await waitFor(() => expect(mocked.sendAsPhone).toHaveBeenCalledWith(ALICE, SHOP, { kind: 'viewOnce' }))

    fireEvent.click(screen.getByTestId('sim-send-poll'))
    fireEvent.change(await screen.findByTestId('sim-poll-question'), { target: { value: 'Colour?' } })
    fireEvent.change(screen.getByTestId('sim-poll-options'), { target: { value: 'Red\n\nBlue\n' } })
    fireEvent.click(screen.getByTestId('sim-poll-send'))
    await waitFor(() =>
      expect(mocked.sendAsPhone).toHaveBeenCalledWith(ALICE, SHOP, {
        kind: 'poll',
        question: 'Colour?',
        options: ['Red', 'Blue'],
        selectable: 1,
      }),
    )
  })
})
