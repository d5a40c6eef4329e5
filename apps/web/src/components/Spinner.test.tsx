import { act, render, screen } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { PageLoading } from '../app/PageLoading'
import { i18n } from '../i18n'
import { Spinner } from './Spinner'

describe('the loading ring', () => {
  it('is one element that tells a screen reader it is loading, in the language in use', async () => {
    render(<Spinner />)
    const ring = screen.getByRole('status', { name: '加载中…' })
    expect(ring.childElementCount).toBe(0)
    await act(() => i18n.changeLanguage('en'))
    expect(screen.getByRole('status', { name: 'Loading…' })).toBe(ring)
    await act(() => i18n.changeLanguage('zh'))
  })

  it('shows large while a page loads', () => {
    render(<PageLoading />)
    expect(screen.getByTestId('page-loading').querySelector('.app-spinner-large')).not.toBeNull()
  })
})
