import { render, screen } from '@testing-library/react'
import { MemoryRouter } from 'react-router'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { RouteMetaContext } from '../../app/routeMeta'
import { i18n } from '../../i18n'
import ComingSoonPage from '.'

const show = () =>
  render(
    <MemoryRouter>
      <RouteMetaContext.Provider value={{ path: '/fansManage/list', titleKey: 'menu.fansList' }}>
        <ComingSoonPage />
      </RouteMetaContext.Provider>
    </MemoryRouter>,
  )

beforeEach(() => i18n.changeLanguage('en'))
afterEach(() => i18n.changeLanguage('zh'))

describe('the page of a route not available yet', () => {
  it('names the route and says only that it is not available in this version', () => {
    show()
    expect(screen.getByTestId('coming-soon-title')).toHaveTextContent(
      `“${i18n.t('menu.fansList')}” is not available yet`,
    )
    expect(screen.getByTestId('coming-soon')).toHaveTextContent(
      'This page is not available yet in this version.',
    )
    expect(screen.getByTestId('coming-soon')).not.toHaveTextContent(/announcement|sign-in|home page/i)
  })

  it('says the same in Chinese', async () => {
    await i18n.changeLanguage('zh')
    show()
    expect(screen.getByTestId('coming-soon')).toHaveTextContent('当前版本尚未提供此页面。')
    expect(screen.getByTestId('coming-soon')).not.toHaveTextContent(/公告|登录|首页/)
  })
})
