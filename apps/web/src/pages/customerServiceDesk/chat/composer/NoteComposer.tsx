import { FormOutlined } from '@ant-design/icons'
import { type AgentView, type ChatMessageView, type DeskSessionView, NOTE_TEXT_MAX } from '@app/core'
import { Button, Mentions, Typography } from 'antd'
import { useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { addSessionNote } from '../../../../api/deskNotes'
import { TextLimitHint, useLimitedText } from '../../../../components/TextLimit'
import { useSession } from '../../../../stores/session'
import { useDeskMembers } from '../../useTenantAgents'
import { COMPOSER_ID } from '../chatFocus'

/** The count shows this many characters before a note's limit. */
const NOTE_COUNTER_BEFORE = 200

/** The name a person is mentioned by: their nickname, with the user name when two share it. */
export function handlesOf(people: AgentView[]): Map<string, AgentView> {
  const count = new Map<string, number>()
  for (const p of people) count.set(p.nickname, (count.get(p.nickname) ?? 0) + 1)
  return new Map(
    people.map((p) => [(count.get(p.nickname) ?? 0) > 1 ? `${p.nickname}(${p.username})` : p.nickname, p]),
  )
}

/** The ids of the people picked from the @ list whose "@name" is still in the text. */
export function mentionedIds(text: string, picked: ReadonlyMap<string, number>): number[] {
  const ids = new Set<number>()
  for (const [name, id] of picked) if (text.includes(`@${name}`)) ids.add(id)
  return [...ids]
}

/**
 * Writing an internal note: never sent to the customer, kept in the chat for the team. Typing "@"
 * offers the tenant's desk users (the supervisor and the agents); each one picked and still named in the text
 * hears of the note. Enter adds it (not while the @ list is open), Shift+Enter breaks the line.
 */
export function NoteComposer({
  session,
  onSent,
}: {
  session: DeskSessionView
  onSent(message: ChatMessageView): void
}) {
  const { t } = useTranslation()
  const me = useSession((s) => s.user?.id)
  const agents = useDeskMembers()
  const { text, setText, stopped } = useLimitedText(NOTE_TEXT_MAX)
  const picked = useRef(new Map<string, number>())
  const [sending, setSending] = useState(false)
  const people = handlesOf((agents.data ?? []).filter((a) => a.id !== me))

  const send = async () => {
    const body = text.trim()
    if (!body || sending) return
    setSending(true)
    try {
      const note = await addSessionNote(session.id, body, mentionedIds(body, picked.current))
      onSent(note)
      setText('')
      picked.current = new Map()
    } catch {
      // the request client told the user; the note stays to send again
    } finally {
      setSending(false)
    }
  }

  return (
    <>
      <div className="chat-input-line chat-note-line">
        <Mentions
          id={COMPOSER_ID}
          prefix="@"
          value={text}
          onChange={setText}
          onSelect={(option) => {
            const person = option.value ? people.get(option.value) : undefined
            if (person && option.value) picked.current.set(option.value, person.id)
          }}
          options={[...people].map(([handle, p]) => ({
            key: String(p.id),
            value: handle,
            label: <span data-testid={`chat-note-mention-${p.id}`}>{handle}</span>,
          }))}
          onPressEnter={(e) => {
            if (e.shiftKey || e.nativeEvent.isComposing) return
            e.preventDefault()
            void send()
          }}
          maxLength={NOTE_TEXT_MAX}
          autoSize={{ minRows: 2, maxRows: 6 }}
          variant="borderless"
          placeholder={t('chat.note.placeholder')}
          aria-label={t('chat.note.placeholder')}
          aria-describedby="desk-note-hint"
          data-testid="chat-note-input"
        />
        <Button
          icon={<FormOutlined />}
          loading={sending}
          disabled={!text.trim()}
          onClick={() => void send()}
          className="chat-note-send"
          data-testid="chat-note-send"
        >
          {t('chat.note.send')}
        </Button>
      </div>
      <div className="chat-text-limit chat-note-hint">
        <Typography.Text type="secondary" id="desk-note-hint" style={{ fontSize: 12 }}>
          {t('chat.note.mentionHint')}
        </Typography.Text>
        <TextLimitHint
          length={text.length}
          stopped={stopped}
          max={NOTE_TEXT_MAX}
          from={NOTE_TEXT_MAX - NOTE_COUNTER_BEFORE}
        />
      </div>
    </>
  )
}
