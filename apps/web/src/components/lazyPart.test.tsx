import { render, screen } from '@testing-library/react'
import { describe, expect, it, vi } from 'vitest'
import { lazyPart } from './lazyPart'

function Greeting({ name }: { name: string }) {
  return <span>hello {name}</span>
}

describe('lazyPart', () => {
  it('shows its fallback while its code loads on first render, then the part', async () => {
    const load = vi.fn(() => Promise.resolve(Greeting))
    const Part = lazyPart(load, <span>loading</span>)
    render(<Part name="Ann" />)
    expect(screen.getByText('loading')).toBeInTheDocument()
    expect(await screen.findByText('hello Ann')).toBeInTheDocument()
    expect(screen.queryByText('loading')).not.toBeInTheDocument()
    expect(load).toHaveBeenCalledTimes(1)
  })

  it('draws at once, without its fallback, when its code was loaded ahead', async () => {
    const Part = lazyPart(() => Promise.resolve(Greeting), <span>loading</span>)
    Part.preload()
    await new Promise((r) => setTimeout(r, 0))
    render(<Part name="Bo" />)
    expect(screen.getByText('hello Bo')).toBeInTheDocument()
    expect(screen.queryByText('loading')).not.toBeInTheDocument()
  })

  it('leaves a failed load ahead to the render, which loads again', async () => {
    const load = vi
      .fn<() => Promise<typeof Greeting>>()
      .mockRejectedValueOnce(new Error('offline'))
      .mockResolvedValue(Greeting)
    const Part = lazyPart(load, <span>loading</span>)
    Part.preload()
    await new Promise((r) => setTimeout(r, 0))
    render(<Part name="Cy" />)
    expect(await screen.findByText('hello Cy')).toBeInTheDocument()
    expect(load).toHaveBeenCalledTimes(2)
  })
})
