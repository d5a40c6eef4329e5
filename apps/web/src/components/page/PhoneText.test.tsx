import { render, screen } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { PhoneText } from './PhoneText'

describe('PhoneText', () => {
  it('shows "+" and the digits, whatever the stored form', () => {
    const { container } = render(<PhoneText phone="44 7700-900123" />)
    expect(container).toHaveTextContent('+447700900123')
    // the digits alone find the number
    expect(screen.getByText('447700900123')).toBeInTheDocument()
  })

  it('marks the digits of a search typed with a "+" or spaces', () => {
    const { container } = render(<PhoneText phone="447700900123" keyword="+44 7700" />)
    expect(container.querySelector('mark')).toHaveTextContent('447700')
  })
})
