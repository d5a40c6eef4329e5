import { render } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { Highlight, splitHighlight } from './Highlight'

describe('Highlight', () => {
  it('marks every match whatever its case, keeping the original letters', () => {
    const { container } = render(<Highlight text="Hello WhatsApp, hello world" keyword="HELLO" />)
    const marks = [...container.querySelectorAll('mark')].map((m) => m.textContent)
    expect(marks).toEqual(['Hello', 'hello'])
    expect(container.textContent).toBe('Hello WhatsApp, hello world')
  })

  it('treats the keyword as plain text, not a pattern', () => {
    const { container } = render(<Highlight text="price (a+b) and a+b" keyword="a+b" />)
    expect(container.querySelectorAll('mark')).toHaveLength(2)
    expect(splitHighlight('x.y', '.')).toEqual(['x', '.', 'y'])
  })

  it('marks nothing without a keyword or a match', () => {
    expect(render(<Highlight text="abc" keyword="  " />).container.querySelector('mark')).toBeNull()
    expect(render(<Highlight text="abc" keyword="z" />).container.querySelector('mark')).toBeNull()
  })
})
