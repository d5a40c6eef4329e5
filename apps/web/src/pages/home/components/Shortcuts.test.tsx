import { Role } from '@app/core'
import { screen } from '@testing-library/react'
import { beforeEach, describe, expect, it } from 'vitest'
import { i18n } from '../../../i18n'
import { renderWithProviders, signInAs } from '../../../test/testUtils'
import { Shortcuts } from './Shortcuts'

const shortcutPaths = () =>
  screen
    .queryAllByTestId(/^shortcut-/)
    .map((el) => el.getAttribute('data-testid')?.replace('shortcut-', ''))
    .sort()

beforeEach(async () => {
  await i18n.changeLanguage('en')
})

describe('<Shortcuts>', () => {
  it('offers the team lead the chat history only: no desk, no materials', () => {
    signInAs([Role.customerUserLeader])
    renderWithProviders(<Shortcuts />)
    expect(shortcutPaths()).toEqual(['/chatHistory/index'])
  })

  it('offers an agent the desk', () => {
    signInAs([Role.customerUser])
    renderWithProviders(<Shortcuts />)
    expect(shortcutPaths()).toEqual(['/customerServiceDesk/deskSession'])
  })
})
