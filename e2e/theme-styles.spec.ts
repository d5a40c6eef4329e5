import { expect, test } from '@playwright/test'
import { announcementsSeen, demo, signIn } from './support'

/**
 * The app's page carries the theme's styles (the build draws them): antd finds its tokens and every
 * component's CSS variables there and adds no style sheet of its own while the console loads, each
 * of which would make the browser work out the whole page's styles again; and no part shown only
 * while loading is the last of its kind to go (antd would take that kind's styles out).
 */
// three columns: the customer's panel shows, with its own loading state
test.use({ reducedMotion: 'no-preference', viewport: { width: 1440, height: 900 } })

test('the desk with a chat open loads without adding or taking out a style sheet', async ({
  page,
  context,
}) => {
  await page.addInitScript(() => {
    const changed: string[] = []
    Reflect.set(window, 'changedStyles', changed)
    document.addEventListener('DOMContentLoaded', () => {
      new MutationObserver((records) => {
        // antd puts an empty element in and takes it out again to find where its styles go
        const styled = (n: Node) => n instanceof HTMLStyleElement && n.textContent
        for (const r of records) {
          for (const n of r.addedNodes) if (styled(n)) changed.push(`+ ${n.textContent?.slice(0, 80)}`)
          for (const n of r.removedNodes) if (styled(n)) changed.push(`- ${n.textContent?.slice(0, 80)}`)
        }
      }).observe(document.head, { childList: true })
    })
  })
  // (signing in changes pages: antd takes out the styles of the sign-in page's components as they
  // go, and puts them back as the desk draws the same components)
  await announcementsSeen(context)
  await signIn(page, demo.agent)
  await expect(page).toHaveURL(/\/customerServiceDesk\/deskSession/)
  await page
    .getByTestId(/^desk-session-\d+$/)
    .first()
    .click()
  await expect(page).toHaveURL(/sessionId=\d+/)
  // the desk's address loaded afresh, the customer's details (or the group's) coming last: their
  // panel shows its loading state, then goes
  await page.route(/\/(detail|info)$/, async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 800))
    await route.continue()
  })
  await page.reload()
  await expect(page.getByTestId('chat-composer')).toBeVisible()
  await expect(page.getByTestId('chat-list')).toBeVisible()
  await expect(page.getByTestId('desk-panel-mass-send').or(page.getByTestId('group-panel'))).toBeVisible()
  await page.waitForLoadState('networkidle')
  expect(await page.evaluate(() => Reflect.get(window, 'changedStyles'))).toEqual([])
})
