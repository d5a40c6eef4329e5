import { act, fireEvent, render, screen } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { i18n } from '../i18n'
import { ConfirmCountdownButton } from './ConfirmCountdownButton'

const okButton = () => screen.getByRole('button', { name: /OK/ })

describe('ConfirmCountdownButton', () => {
  beforeEach(async () => {
    vi.useFakeTimers()
    await i18n.changeLanguage('en')
  })
  afterEach(async () => {
    vi.useRealTimers()
    await i18n.changeLanguage('zh')
  })

  it('keeps confirm disabled until the seconds have passed, then confirms', async () => {
    const onConfirm = vi.fn()
    render(
      <ConfirmCountdownButton seconds={3} title="Delete it?" onConfirm={onConfirm} testId="del">
        Delete
      </ConfirmCountdownButton>,
    )
    fireEvent.click(screen.getByTestId('del'))
    expect(screen.getByText('Delete it?')).toBeInTheDocument()
    expect(okButton()).toBeDisabled()
    expect(okButton()).toHaveTextContent('OK (3 s)')

    act(() => vi.advanceTimersByTime(1100))
    expect(okButton()).toHaveTextContent('OK (2 s)')
    fireEvent.click(okButton())
    expect(onConfirm).not.toHaveBeenCalled()

    act(() => vi.advanceTimersByTime(2000))
    expect(okButton()).toBeEnabled()
    expect(okButton()).toHaveTextContent(/^OK$/)
    await act(async () => {
      fireEvent.click(okButton())
    })
    expect(onConfirm).toHaveBeenCalledTimes(1)
  })

  it('starts the countdown again each time it opens', async () => {
    render(
      <ConfirmCountdownButton seconds={2} title="Sure?" onConfirm={() => undefined} testId="btn">
        Go
      </ConfirmCountdownButton>,
    )
    fireEvent.click(screen.getByTestId('btn'))
    act(() => vi.advanceTimersByTime(2500))
    expect(okButton()).toBeEnabled()
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }))
    act(() => vi.advanceTimersByTime(500))
    fireEvent.click(screen.getByTestId('btn'))
    expect(okButton()).toBeDisabled()
  })
})
