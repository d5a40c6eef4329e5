import { screen } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { i18n } from '../../../../i18n'
import { makeMessage } from '../../../../test/fixtures'
import { renderWithProviders } from '../../../../test/testUtils'
import { MessageRow } from './MessageRow'

beforeEach(() => i18n.changeLanguage('en'))
afterEach(() => i18n.changeLanguage('zh'))

const row = (origin: 'auto_reply' | 'manual' | null, id: number) =>
  renderWithProviders(
    <MessageRow
      message={makeMessage({ id, fromMe: origin !== null, origin, body: `text ${id}` })}
      isGroup={false}
      readOnly={false}
      autoTranslate={false}
      onReply={() => undefined}
      onSent={() => undefined}
      onJump={() => undefined}
    />,
  )

describe('a message sent by an auto-reply rule', () => {
  it('is marked as automatic; a manual message and a customer’s are not', () => {
    row('auto_reply', 501)
    expect(screen.getByTestId('chat-auto-reply-501')).toHaveTextContent('Auto reply')
    row('manual', 502)
    row(null, 503)
    expect(screen.queryByTestId('chat-auto-reply-502')).toBeNull()
    expect(screen.queryByTestId('chat-auto-reply-503')).toBeNull()
  })
})
