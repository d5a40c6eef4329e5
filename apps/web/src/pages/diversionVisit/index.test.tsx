import { render, screen } from '@testing-library/react'
import { App } from 'antd'
import { createMemoryRouter, RouterProvider } from 'react-router'
import { afterEach, describe, expect, it, vi } from 'vitest'
import * as request from '../../api/request'
import { i18n } from '../../i18n'
import DiversionVisitPage from './index'

function renderAt(path: string) {
  const router = createMemoryRouter([{ path: '/s', element: <DiversionVisitPage /> }], {
    initialEntries: [path],
  })
  render(
    <App>
      <RouterProvider router={router} />
    </App>,
  )
}

afterEach(async () => {
  vi.restoreAllMocks()
  await i18n.changeLanguage('zh')
})

describe('the diversion link page (/s)', () => {
  it("says why a visit found no account, in the visitor's language", async () => {
    renderAt('/s?c=abc&why=no_account&lang=en')
    expect(
      await screen.findByText('No account is available right now, please try again later'),
    ).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Try again' })).toHaveAttribute('href', '/s?c=abc')
  })

  it('says a link is disabled or unknown', async () => {
    renderAt('/s?c=abc&why=disabled&lang=zh')
    expect(await screen.findByText('链接已停用')).toBeInTheDocument()
  })

  it('treats a missing code as an unknown link without calling the server', async () => {
    const get = vi.spyOn(request.service, 'request')
    await i18n.changeLanguage('en')
    renderAt('/s')
    expect(await screen.findByText('This link does not exist')).toBeInTheDocument()
    expect(get).not.toHaveBeenCalled()
  })

  it('shows the server’s reason when the visit is made from the page', async () => {
    vi.spyOn(request.service, 'request').mockRejectedValue(
      new request.ApiError(3134, 'This link is disabled'),
    )
    renderAt('/s?c=abc')
    expect(await screen.findByTestId('diversion-unavailable')).toHaveTextContent('This link is disabled')
  })
})
