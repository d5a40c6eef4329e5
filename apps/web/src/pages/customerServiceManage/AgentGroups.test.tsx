import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { i18n } from '../../i18n'
import { fakeFeedback } from '../../test/feedback'
import { fakeServer, ok } from '../../test/fixtures'
import { renderWithProviders } from '../../test/testUtils'
import AgentGroups from './AgentGroups'

const vip = {
  id: 4,
  name: 'VIP',
  memberCount: 2,
  createdAt: Date.UTC(2026, 0, 1),
  firstResponseMinutes: null as number | null,
  nextResponseMinutes: null as number | null,
}

function server() {
  return fakeServer({
    '/damai/customer/agentGroup/list': () => ok([vip]),
    '/damai/customer/serviceLevel/get': () =>
      ok({ firstResponseMinutes: 10, nextResponseMinutes: 30, enabled: true, groups: [] }),
    '/damai/customer/agentGroup/serviceLevel': (c) => {
      const body = JSON.parse(c.data)
      vip.firstResponseMinutes = body.firstResponseMinutes
      vip.nextResponseMinutes = body.nextResponseMinutes
      return ok(null)
    },
  })
}

beforeEach(async () => {
  vi.clearAllMocks()
  vip.firstResponseMinutes = null
  vip.nextResponseMinutes = null
  await i18n.changeLanguage('en')
  fakeFeedback()
})
afterEach(() => i18n.changeLanguage('zh'))

const sentBodies = (adapter: ReturnType<typeof server>) =>
  adapter.mock.calls
    .map(([c]) => c)
    .filter((c) => c.url === '/damai/customer/agentGroup/serviceLevel')
    .map((c) => JSON.parse(c.data))

describe("an agent group's own response targets", () => {
  it("shows the team's targets until the group has its own; an empty field keeps the team's", async () => {
    const adapter = server()
    renderWithProviders(<AgentGroups />)
    const row = await screen.findByTestId('agent-group-row-VIP')
    expect(row).toHaveTextContent("The team's")
    fireEvent.click(within(row).getByTestId('agent-group-targets-edit-4'))
    const dialog = await screen.findByTestId('group-targets-dialog')
    expect(dialog).toHaveTextContent("Leave empty to use the team's (first 10 min, next 30 min)")
    fireEvent.change(screen.getByTestId('group-targets-first'), { target: { value: '3' } })
    fireEvent.click(screen.getByTestId('group-targets-save'))
    await waitFor(() =>
      expect(sentBodies(adapter)).toEqual([{ id: 4, firstResponseMinutes: 3, nextResponseMinutes: null }]),
    )
    // the next response keeps the team's 30 minutes
    await waitFor(() =>
      expect(screen.getByTestId('agent-group-targets-4')).toHaveTextContent('First 3 min · next 30 min'),
    )
  })

  it('refuses a target out of range in the form and sends nothing', async () => {
    const adapter = server()
    renderWithProviders(<AgentGroups />)
    fireEvent.click(await screen.findByTestId('agent-group-targets-edit-4'))
    await screen.findByTestId('group-targets-dialog')
    fireEvent.change(screen.getByTestId('group-targets-next'), { target: { value: '2000' } })
    fireEvent.click(screen.getByTestId('group-targets-save'))
    expect(
      await screen.findByText('The next response target is a whole number of minutes from 1 to 1440'),
    ).toBeInTheDocument()
    expect(sentBodies(adapter)).toEqual([])
  })
})
