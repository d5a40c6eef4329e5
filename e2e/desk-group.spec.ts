import { expect, test } from '@playwright/test'
import { announcementsSeen, demo, signIn } from './support'

const SHOP = '8613800138000'
const randomNumber = (prefix: string) =>
  `${prefix}${String(Math.floor(Math.random() * 1e7)).padStart(7, '0')}`

test('a group our number owns: the panel shows its members, and the agent adds one', async ({
  page,
  request,
}) => {
  const buyer = randomNumber('44772')
  const newcomer = randomNumber('44773')
  const subject = `E2E Buyers ${Date.now() % 100_000}`
  // set up on the simulated network: the shop's phone makes the group, a buyer writes in it
  for (const [phone, name] of [
    [buyer, 'Group Buyer'],
    [newcomer, 'New Buyer'],
  ])
    expect((await (await request.post('/damai/sim/phones', { data: { phone, name } })).json()).code).toBe(0)
  const created = await request.post('/damai/sim/group/create', {
    data: { phone: SHOP, subject, members: [buyer] },
  })
  const group = (await created.json()) as { code: number; data: { id: string } }
  expect(group.code).toBe(0)
  const said = await request.post('/damai/sim/send', {
    data: { phone: buyer, to: group.data.id, content: { kind: 'text', text: 'hello group' } },
  })
  expect((await said.json()).code).toBe(0)

  await announcementsSeen(page.context())
  await signIn(page, demo.agent)
  await page.goto('/customerServiceDesk/deskSession?filter=group')
  await page
    .getByTestId(/^desk-session-\d+$/)
    .filter({ hasText: subject })
    .click()
  const panel = page.getByTestId('group-panel')
  await expect(panel).toContainText(subject)
  await expect(page.getByTestId('group-member-count')).toContainText('2')

  await page.getByTestId('group-add-member').click()
  await page.getByTestId('group-add-input').fill(`+${newcomer}`)
  await page.getByTestId('group-add-submit').click()
  await expect(page.getByTestId('group-member-results')).toBeVisible()
  await page.getByTestId('group-add-submit').click()
  // WhatsApp confirms the change; the panel follows without a reload
  await expect(page.getByTestId('group-member-count')).toContainText('3', { timeout: 15_000 })
  await expect(page.getByTestId(`group-member-${newcomer}@s.whatsapp.net`)).toBeVisible()
})
