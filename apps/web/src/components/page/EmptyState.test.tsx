import { fireEvent, screen } from '@testing-library/react'
import { describe, expect, it, vi } from 'vitest'
import { i18n } from '../../i18n'
import { renderWithProviders } from '../../test/testUtils'
import { EmptyState, NoMatches } from './EmptyState'

describe('EmptyState', () => {
  it('says what is missing and what to do, and offers the action', () => {
    const onClick = vi.fn()
    renderWithProviders(
      <EmptyState
        title="No accounts yet"
        hint="Scan a QR code to link the first one"
        action={{ label: 'Link by QR', onClick, testId: 'empty-link' }}
      />,
    )
    const empty = screen.getByTestId('empty-state')
    expect(empty).toHaveTextContent('No accounts yet')
    expect(empty).toHaveTextContent('Scan a QR code to link the first one')
    fireEvent.click(screen.getByRole('button', { name: 'Link by QR' }))
    expect(onClick).toHaveBeenCalledOnce()
  })

  it('shows no button without an action, and a disabled one when the action cannot run', () => {
    const { unmount } = renderWithProviders(<EmptyState title="Nothing" hint="Wait" />)
    expect(screen.queryByRole('button')).toBeNull()
    unmount()
    renderWithProviders(
      <EmptyState title="Nothing" hint="Wait" action={{ label: 'Add', onClick: vi.fn(), disabled: true }} />,
    )
    expect(screen.getByRole('button', { name: 'Add' })).toBeDisabled()
  })
})

describe('NoMatches', () => {
  it('tells a filtered list to loosen its filters and clears them', async () => {
    await i18n.changeLanguage('zh')
    const onClear = vi.fn()
    renderWithProviders(<NoMatches onClear={onClear} />)
    expect(screen.getByTestId('empty-state')).toHaveTextContent('没有符合条件的记录')
    fireEvent.click(screen.getByTestId('empty-clear-filters'))
    expect(onClear).toHaveBeenCalledOnce()
  })
})
