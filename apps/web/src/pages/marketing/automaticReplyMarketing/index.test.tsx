import type { AutoReplyRuleView } from '@app/core'
import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import * as api from '../../../api/autoReply'
import * as desk from '../../../api/desk'
import * as labels from '../../../api/label'
import { i18n } from '../../../i18n'
import { renderWithProviders } from '../../../test/testUtils'
import AutomaticReplyMarketingPage from './index'

vi.mock('../../../api/autoReply')
vi.mock('../../../api/desk')
vi.mock('../../../api/label')

const rule = (over: Partial<AutoReplyRuleView>): AutoReplyRuleView => ({
  id: 1,
  name: 'Price list',
  classification: 'public',
  audience: 'all',
  labelIds: [],
  replyType: 'all',
  matchMode: 'half',
  keywords: ['price'],
  replyLimit: 0,
  replyDelay: 5,
  sendInterval: 0,
  sentences: [{ type: 'text', text: 'From 9.90' }],
  agentUserIds: [],
  enabled: true,
  creatorUserId: 1,
  creatorName: 'boss',
  stats: { hits: 12, replies: 10, customers: 7 },
  createdAt: Date.UTC(2026, 0, 1),
  updatedAt: Date.UTC(2026, 0, 1),
  can: { edit: true, delete: true, enable: true },
  ...over,
})

beforeEach(async () => {
  vi.clearAllMocks()
  await i18n.changeLanguage('en')
  vi.mocked(api.pageAutoReplies).mockResolvedValue({
    list: [
      rule({}),
      rule({
        id: 2,
        name: 'Agent rule',
        classification: 'personal',
        creatorName: 'amy',
        can: { edit: false, delete: false, enable: false },
      }),
    ],
    total: 2,
  })
  vi.mocked(api.createAutoReply).mockResolvedValue({ id: 3 })
  vi.mocked(api.enableAutoReply).mockResolvedValue(null)
  vi.mocked(desk.listAgents).mockResolvedValue([{ id: 9, username: 'amy', nickname: 'Amy' }])
  vi.mocked(labels.listLabels).mockResolvedValue([])
})
afterEach(() => i18n.changeLanguage('zh'))

const field = (testId: string) => screen.getByTestId(testId)
const addKeyword = (word: string) => {
  const input = within(field('auto-reply-keywords')).getByRole('combobox')
  fireEvent.change(input, { target: { value: word } })
  fireEvent.keyDown(input, { key: 'Enter', code: 'Enter' })
}
const save = () => fireEvent.click(screen.getByRole('button', { name: 'Save' }))

describe('the auto-reply rules page', { timeout: 20_000 }, () => {
  it('lists the rules with their statistics; someone else’s rule is read-only', async () => {
    renderWithProviders(<AutomaticReplyMarketingPage />)
    const mine = await screen.findByTestId('auto-reply-row-Price list')
    expect(mine).toHaveTextContent('12')
    expect(mine).toHaveTextContent('10')
    expect(mine).toHaveTextContent('7')
    expect(mine).toHaveTextContent('No limit')
    expect(screen.getByTestId('auto-reply-switch-1')).toBeEnabled()
    expect(screen.getByTestId('auto-reply-switch-2')).toBeDisabled()
    expect(screen.queryByTestId('auto-reply-edit-2')).toBeNull()
    expect(screen.queryByTestId('auto-reply-delete-2')).toBeNull()
    fireEvent.click(screen.getByTestId('auto-reply-view-2'))
    expect(
      await screen.findByText('Auto-reply rules created by another user cannot be operated'),
    ).toBeInTheDocument()
    expect(screen.queryByRole('button', { name: 'Save' })).toBeNull()
  })

  it('switches a rule off', async () => {
    renderWithProviders(<AutomaticReplyMarketingPage />)
    fireEvent.click(await screen.findByTestId('auto-reply-switch-1'))
    await waitFor(() => expect(api.enableAutoReply).toHaveBeenCalledWith(1, false))
  })

  it('explains each refused value with the spec’s message and sends nothing', async () => {
    renderWithProviders(<AutomaticReplyMarketingPage />)
    fireEvent.click(await screen.findByTestId('auto-reply-create'))
    await screen.findByTestId('auto-reply-name')
    save()
    expect(await screen.findByText('Enter the rule name')).toBeInTheDocument()
    expect(screen.getByText('Keywords cannot be empty')).toBeInTheDocument()
    expect(screen.getByText('A text sentence cannot be empty')).toBeInTheDocument()
    addKeyword('price,cost')
    fireEvent.change(field('auto-reply-limit'), { target: { value: '51' } })
    fireEvent.change(field('auto-reply-delay'), { target: { value: '61' } })
    fireEvent.change(field('auto-reply-interval'), { target: { value: '61' } })
    save()
    expect(await screen.findByText('A keyword cannot contain an English comma')).toBeInTheDocument()
    expect(screen.getByText('The reply limit is at most 50 (empty or 0: no limit)')).toBeInTheDocument()
    expect(screen.getByText('The reply delay is at most 60 seconds')).toBeInTheDocument()
    expect(screen.getByText('The send interval is at most 60 seconds')).toBeInTheDocument()
    fireEvent.click(within(field('auto-reply-classification')).getByText('Personal'))
    await screen.findByTestId('auto-reply-agents')
    save()
    expect(await screen.findByText('Choose the customer service')).toBeInTheDocument()
    expect(api.createAutoReply).not.toHaveBeenCalled()
  })

  it('creates a rule with the values entered', async () => {
    renderWithProviders(<AutomaticReplyMarketingPage />)
    fireEvent.click(await screen.findByTestId('auto-reply-create'))
    fireEvent.change(await screen.findByTestId('auto-reply-name'), { target: { value: 'Hours' } })
    addKeyword('opening')
    fireEvent.click(screen.getByTestId('auto-reply-match-full'))
    fireEvent.change(field('auto-reply-delay'), { target: { value: '3' } })
    fireEvent.change(field('auto-reply-sentence-0'), { target: { value: 'We open at 9' } })
    save()
    await waitFor(() =>
      expect(api.createAutoReply).toHaveBeenCalledWith(
        expect.objectContaining({
          name: 'Hours',
          classification: 'public',
          matchMode: 'full',
          keywords: ['opening'],
          replyDelay: 3,
          replyLimit: 0,
          sentences: [{ type: 'text', text: 'We open at 9' }],
          enabled: true,
        }),
      ),
    )
  })
})
