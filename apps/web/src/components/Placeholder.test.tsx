import { render } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { Placeholder, PlaceholderLines } from './Placeholder'

describe('Placeholder', () => {
  it("is one element of the loading part's size, hidden from screen readers", () => {
    const { container } = render(<Placeholder width={48} height={24} />)
    const block = container.querySelector('.app-placeholder') as HTMLElement
    expect(block).toHaveAttribute('aria-hidden', 'true')
    expect(block.style.width).toBe('48px')
    expect(block.style.height).toBe('24px')
    expect(block.children).toHaveLength(0)
  })

  it('spans its row when it stands for a whole-width field', () => {
    const { container } = render(<Placeholder height={54} block />)
    expect(container.querySelector('.app-placeholder')).toHaveClass('app-placeholder-block')
  })

  it('draws a title line and the rows asked for, the last one shorter, for a loading panel', () => {
    const { container } = render(<PlaceholderLines rows={8} />)
    const lines = container.querySelectorAll('.app-placeholder')
    expect(lines).toHaveLength(9)
    expect((lines[8] as HTMLElement).style.width).toBe('61%')
    expect(container.firstElementChild).toHaveAttribute('aria-hidden', 'true')
  })
})
