import { render, screen } from '@testing-library/react'
import { Suspense } from 'react'
import { MemoryRouter } from 'react-router'
import { expect, it } from 'vitest'
import { preloadPage, publicRoutes } from './routes'

it('a page loaded ahead renders at once, never its loading state', async () => {
  await preloadPage('/login')
  const Login = publicRoutes.find((r) => r.path === '/login')?.component
  if (!Login) throw new Error('no sign-in route')
  let fallbackDrawn = false
  function Fallback() {
    fallbackDrawn = true
    return null
  }
  render(
    <MemoryRouter initialEntries={['/login']}>
      <Suspense fallback={<Fallback />}>
        <Login />
      </Suspense>
    </MemoryRouter>,
  )
  expect(await screen.findByTestId('login-form')).toBeInTheDocument()
  expect(fallbackDrawn).toBe(false)
})
