import type { MaterialView } from '@app/core'
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { render } from '@testing-library/react'
import { App } from 'antd'
import type { ReactNode } from 'react'
import { MemoryRouter } from 'react-router'

// antd's tables, selects and ellipsis watch their size; jsdom has neither ResizeObserver nor object URLs.
globalThis.ResizeObserver ??= class {
  observe() {}
  unobserve() {}
  disconnect() {}
}
URL.createObjectURL ??= () => 'blob:preview'
URL.revokeObjectURL ??= () => undefined

export function renderWithProviders(ui: ReactNode) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } })
  return render(
    <QueryClientProvider client={client}>
      <MemoryRouter>
        <App>{ui}</App>
      </MemoryRouter>
    </QueryClientProvider>,
  )
}

export function makeMaterial(overrides: Partial<MaterialView> = {}): MaterialView {
  return {
    id: 1,
    ownerType: 1,
    ownerUserId: null,
    usage: 'message',
    type: 'text',
    name: 'Greeting',
    groupId: null,
    groupName: null,
    enabled: true,
    content: { type: 'text', text: 'Hello, how can we help?' },
    media: null,
    createdBy: 10,
    createdAt: Date.UTC(2026, 0, 1),
    updatedAt: Date.UTC(2026, 0, 2),
    can: { edit: true, delete: true },
    ...overrides,
  }
}

/** A File whose bytes are `head` followed by zeros up to `size`. */
export function fileOf(name: string, head: number[], size = head.length): File {
  const bytes = new Uint8Array(Math.max(size, head.length))
  bytes.set(head)
  return new File([bytes], name)
}

/** The first bytes of a PNG of the given size (signature and IHDR). */
export function pngHead(width: number, height: number): number[] {
  const b = new Uint8Array(24)
  b.set([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52])
  const view = new DataView(b.buffer)
  view.setUint32(16, width)
  view.setUint32(20, height)
  return [...b]
}
