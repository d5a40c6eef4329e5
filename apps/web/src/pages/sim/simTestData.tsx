import type { SimMessageView, SimPhoneView } from '@app/core'
import { render } from '@testing-library/react'
import { createMemoryRouter, RouterProvider } from 'react-router'
import SimPage from './index'

// antd's auto-sized text area and ellipsis watch their size; jsdom has no ResizeObserver.
globalThis.ResizeObserver ??= class {
  observe() {}
  unobserve() {}
  disconnect() {}
}

/** The shop's number (one of the product's accounts) and a customer's, as the /sim tests use them. */
export const SHOP = '8613800000001'
export const ALICE = '447700900001'

export const phone = (over: Partial<SimPhoneView>): SimPhoneView => ({
  number: ALICE,
  name: 'Alice',
  registered: true,
  isAccount: false,
  linked: false,
  online: false,
  accountIds: [],
  banned: false,
  restrictedUntil: null,
  updateRequired: false,
  addressing: 'phone',
  ...over,
})
export const shop = phone({
  number: SHOP,
  name: 'Shop',
  isAccount: true,
  linked: true,
  online: true,
  accountIds: [3],
})

export const message = (over: Partial<SimMessageView>): SimMessageView => ({
  id: 'M1',
  from: ALICE,
  fromName: 'Alice',
  fromMe: true,
  timestamp: Date.UTC(2025, 0, 1, 8, 30),
  kind: 'text',
  text: 'hello',
  status: 'read',
  revoked: false,
  edited: false,
  reactions: [],
  viaDevice: false,
  ...over,
})

export function renderSimAt(path: string) {
  const router = createMemoryRouter([{ path: '/sim', element: <SimPage /> }], { initialEntries: [path] })
  render(<RouterProvider router={router} />)
  return router
}
