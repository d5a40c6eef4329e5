import { Role, type RoleId } from '@app/core'
import { render, screen } from '@testing-library/react'
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router'
import { afterEach, describe, expect, it } from 'vitest'
import { useSession } from '../stores/session'
import { LandingRedirect } from './LandingRedirect'

function Where() {
  return <div data-testid="where">{useLocation().pathname}</div>
}

function openRootAs(roles: RoleId[]) {
  useSession.setState({ token: 'tok', roles })
  const router = createMemoryRouter(
    [
      { path: '/', element: <LandingRedirect /> },
      { path: '*', element: <Where /> },
    ],
    { initialEntries: ['/'] },
  )
  render(<RouterProvider router={router} />)
}

afterEach(() => {
  useSession.setState({ token: undefined, user: null, roles: [] })
})

describe('<LandingRedirect> (the site root)', () => {
  it('sends an agent to the desk', async () => {
    openRootAs([Role.customerUser])
    expect(await screen.findByTestId('where')).toHaveTextContent('/customerServiceDesk/deskSession')
  })

  it('sends the supervisor to the home page', async () => {
    openRootAs([Role.customerMaster])
    expect(await screen.findByTestId('where')).toHaveTextContent('/home')
  })
})
