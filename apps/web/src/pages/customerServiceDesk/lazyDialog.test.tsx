import { render, screen } from '@testing-library/react'
import { describe, expect, it, vi } from 'vitest'
import { lazyDialog } from './lazyDialog'

function Dialog({ open, label }: { open: boolean; label: string }) {
  return <div data-testid="dialog">{`${label} ${open ? 'open' : 'closed'}`}</div>
}

describe('lazyDialog', () => {
  it('loads nothing until first opened, then stays mounted when closed', async () => {
    const load = vi.fn(() => Promise.resolve(Dialog))
    const Lazy = lazyDialog(load)
    const { rerender } = render(<Lazy open={false} label="join" />)
    expect(load).not.toHaveBeenCalled()
    expect(screen.queryByTestId('dialog')).toBeNull()

    rerender(<Lazy open label="join" />)
    expect(await screen.findByText('join open')).toBeInTheDocument()
    expect(load).toHaveBeenCalledTimes(1)

    // closing keeps the dialog mounted (its closing animation and state), told it is closed
    rerender(<Lazy open={false} label="join" />)
    expect(screen.getByText('join closed')).toBeInTheDocument()
    expect(load).toHaveBeenCalledTimes(1)
  })

  it('opens by the rule it is given', async () => {
    function Migrate({ session }: { session: string | null }) {
      return <div>{`migrate ${session}`}</div>
    }
    const Lazy = lazyDialog(
      () => Promise.resolve(Migrate),
      (p) => p.session !== null,
    )
    const { rerender } = render(<Lazy session={null} />)
    expect(screen.queryByText(/migrate/)).toBeNull()
    rerender(<Lazy session="s1" />)
    expect(await screen.findByText('migrate s1')).toBeInTheDocument()
  })
})
