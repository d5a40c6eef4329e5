import { act, render, renderHook, screen } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { i18n } from '../i18n'
import { clipText, TextLimitHint, useLimitedText } from './TextLimit'

beforeEach(() => i18n.changeLanguage('en'))
afterEach(() => i18n.changeLanguage('zh'))

describe('clipText', () => {
  it('keeps a text within the limit and cuts a longer one', () => {
    expect(clipText('abc', 3)).toBe('abc')
    expect(clipText('abcd', 3)).toBe('abc')
  })

  it('never cuts an emoji in half', () => {
    // '😀' is two UTF-16 units: cutting at 2 would leave half of it
    expect(clipText('a😀b', 2)).toBe('a')
    expect(clipText('a😀b', 3)).toBe('a😀')
  })
})

describe('useLimitedText', () => {
  it('takes text up to the limit and tells when it stopped', () => {
    const { result } = renderHook(() => useLimitedText(5))
    act(() => result.current.setText('1234'))
    expect(result.current).toMatchObject({ text: '1234', stopped: false })
    act(() => result.current.setText('1234567'))
    expect(result.current).toMatchObject({ text: '12345', stopped: true })
    act(() => result.current.setText(''))
    expect(result.current).toMatchObject({ text: '', stopped: false })
    act(() => result.current.refuse())
    expect(result.current.stopped).toBe(true)
  })
})

describe('<TextLimitHint>', () => {
  it('shows nothing far from the limit, the count near it and the reason once stopped', () => {
    const { rerender } = render(<TextLimitHint length={10} stopped={false} max={100} from={90} />)
    expect(screen.queryByTestId('text-limit')).not.toBeInTheDocument()
    rerender(<TextLimitHint length={95} stopped={false} max={100} from={90} />)
    expect(screen.getByTestId('text-limit')).toHaveTextContent('95 / 100')
    rerender(<TextLimitHint length={100} stopped max={100} from={90} />)
    expect(screen.getByTestId('text-limit-reason')).toHaveTextContent(
      'A message holds at most 100 characters',
    )
  })

  it('says it in Chinese too', async () => {
    await i18n.changeLanguage('zh')
    render(<TextLimitHint length={4096} stopped />)
    expect(screen.getByTestId('text-limit')).toHaveTextContent('4,096 / 4,096')
    expect(screen.getByTestId('text-limit-reason')).toHaveTextContent('一条消息最多 4,096 个字符')
  })
})
