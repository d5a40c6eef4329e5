import { SearchOutlined } from '@ant-design/icons'
import { Access, type DeskSessionView } from '@app/core'
import { Input, type InputRef, Modal } from 'antd'
import { type KeyboardEvent, type RefObject, useEffect, useId, useMemo, useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useNavigate } from 'react-router'
import { DESK_ENTRY } from '../../app/routes'
import { usePermittedRoutes } from '../../app/usePermittedRoutes'
import { hasAnyRole, useSession } from '../../stores/session'
import { Highlight } from '../Highlight'
import { matchPages, type PageEntry, pageEntries } from './pageSearch'
import { closeCommandPalette, takeReturnFocus, usePaletteStore } from './paletteStore'
import { useChatSearch } from './useChatSearch'
import './commandPalette.css'

interface Option {
  kind: 'page' | 'chat'
  key: string
  /** where choosing it goes */
  to: string
  label: string
  detail: string
}

/** The desk with a chat open: the desk reads the open chat from `?sessionId=` (as a mention or an interaction opens one). */
const chatTarget = (sessionId: number): string => `${DESK_ENTRY}?sessionId=${sessionId}`

/**
 * The command palette (Ctrl+K, ⌘K on a Mac, or the header's search button): the pages the user may
 * open, by their title in any language, and for the desk's people (Access.desk) the chats whose
 * customer name or phone holds the query. ↑/↓ move, Enter opens, Esc closes and gives the focus back
 * to where it was. The modal stays mounted once loaded; what is inside is new at each opening.
 */
export function CommandPalette() {
  const { t } = useTranslation()
  const open = usePaletteStore((s) => s.open)
  const navigate = useNavigate()
  // how the last closing went: dismissed (the focus goes back) or something chosen (to the page)
  const closing = useRef<'dismissed' | 'chosen' | null>(null)
  const inputRef = useRef<InputRef>(null)

  useEffect(() => {
    if (open || !closing.current) return
    const back = takeReturnFocus()
    if (closing.current === 'dismissed') back?.focus()
    // the console's content takes the focus, as its skip link gives it (the desk keeps its own)
    else document.getElementById('main-content')?.focus({ preventScroll: true })
    closing.current = null
  }, [open])

  const dismiss = () => {
    closing.current = 'dismissed'
    closeCommandPalette()
  }
  const choose = (to: string) => {
    closing.current = 'chosen'
    closeCommandPalette()
    void navigate(to)
  }

  return (
    <Modal
      open={open}
      onCancel={dismiss}
      title={t('palette.title')}
      footer={null}
      closable={false}
      width={560}
      style={{ top: 72 }}
      classNames={{ header: 'sr-only' }}
      // no zoom: it opens and closes at once (it is there for speed), and what is inside goes with it
      transitionName=""
      maskTransitionName=""
      destroyOnHidden
      focusable={{ focusTriggerAfterClose: false }}
      // once shown, the modal would focus itself: the input is where the typing goes
      afterOpenChange={(shown) => shown && inputRef.current?.focus()}
    >
      <PaletteContent inputRef={inputRef} onChoose={choose} />
    </Modal>
  )
}

function PaletteContent({
  inputRef,
  onChoose,
}: {
  inputRef: RefObject<InputRef | null>
  onChoose: (to: string) => void
}) {
  const { t } = useTranslation()
  const id = useId()
  const listId = `${id}-list`
  const optionId = (i: number) => `${id}-option-${i}`
  const [query, setQuery] = useState('')
  const [active, setActive] = useState(0)

  const routes = usePermittedRoutes()
  const entries = useMemo(() => pageEntries(routes), [routes])
  const pages = useMemo(() => matchPages(entries, query, t), [entries, query, t])
  const deskPeople = useSession((s) => hasAnyRole(s.roles, Access.desk))
  const { chats, searching, failed } = useChatSearch(query, deskPeople)

  const options: Option[] = [...pages.map((p) => pageOption(p, t)), ...chats.map(chatOption)]
  const current = Math.min(active, options.length - 1)

  // biome-ignore lint/correctness/useExhaustiveDependencies: once, when it is shown
  useEffect(() => {
    inputRef.current?.focus()
  }, [])
  useEffect(() => {
    if (current >= 0) document.getElementById(optionId(current))?.scrollIntoView?.({ block: 'nearest' })
  })

  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.nativeEvent.isComposing) return
    const n = options.length
    if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
      e.preventDefault()
      if (n > 0) setActive((Math.max(current, 0) + (e.key === 'ArrowDown' ? 1 : n - 1)) % n)
    } else if (e.key === 'Enter') {
      e.preventDefault()
      const option = options[current]
      if (option) onChoose(option.to)
    }
  }

  const renderOption = (option: Option, index: number) => (
    // the input keeps the focus (aria-activedescendant): a click chooses without taking it
    <div
      key={option.key}
      id={optionId(index)}
      role="option"
      aria-selected={index === current}
      tabIndex={-1}
      className="command-palette-option"
      data-testid="command-palette-option"
      data-kind={option.kind}
      onMouseDown={(e) => e.preventDefault()}
      onMouseMove={() => index !== current && setActive(index)}
      onClick={() => onChoose(option.to)}
    >
      <span className="command-palette-label">
        <Highlight text={option.label} keyword={query} />
      </span>
      {option.detail ? <span className="command-palette-detail">{option.detail}</span> : null}
    </div>
  )

  const group = (kind: Option['kind'], title: string, from: number, count: number) =>
    count > 0 ? (
      <div role="group" aria-labelledby={`${id}-${kind}`}>
        <div role="presentation" id={`${id}-${kind}`} className="command-palette-group">
          {title}
        </div>
        {options.slice(from, from + count).map((o, i) => renderOption(o, from + i))}
      </div>
    ) : null

  const label = deskPeople ? t('palette.searchAll') : t('palette.searchPages')
  const note = searching ? t('palette.searching') : failed ? t('palette.chatsFailed') : null
  return (
    <div data-testid="command-palette">
      <Input
        ref={inputRef}
        size="large"
        variant="borderless"
        prefix={<SearchOutlined aria-hidden />}
        value={query}
        onChange={(e) => {
          setQuery(e.target.value)
          setActive(0)
        }}
        onKeyDown={onKeyDown}
        placeholder={label}
        role="combobox"
        aria-label={label}
        aria-expanded={options.length > 0}
        aria-controls={listId}
        aria-autocomplete="list"
        aria-activedescendant={current >= 0 ? optionId(current) : undefined}
        aria-describedby={`${id}-hint`}
        autoComplete="off"
        spellCheck={false}
        autoFocus
        data-testid="command-palette-input"
      />
      <div id={listId} role="listbox" aria-label={t('palette.title')} className="command-palette-list">
        {group('page', t('palette.pages'), 0, pages.length)}
        {group('chat', t('palette.chats'), pages.length, chats.length)}
      </div>
      {options.length > 0 && note ? <div className="command-palette-note">{note}</div> : null}
      <div
        role="status"
        className={options.length > 0 ? 'sr-only' : 'command-palette-empty'}
        data-testid="command-palette-status"
      >
        {options.length > 0 ? t('palette.results', { count: options.length }) : (note ?? t('palette.empty'))}
      </div>
      <div id={`${id}-hint`} className="command-palette-hint">
        <span>
          <kbd>{t('desk.keyboard.keyNames.up')}</kbd>
          <kbd>{t('desk.keyboard.keyNames.down')}</kbd> {t('palette.hintMove')}
        </span>
        <span>
          <kbd>{t('desk.keyboard.keyNames.enter')}</kbd> {t('palette.hintOpen')}
        </span>
        <span>
          <kbd>{t('desk.keyboard.keyNames.esc')}</kbd> {t('palette.hintClose')}
        </span>
      </div>
    </div>
  )
}

function pageOption(page: PageEntry, t: (key: string) => string): Option {
  return {
    kind: 'page',
    key: `page:${page.path}`,
    to: page.path,
    label: t(page.titleKey),
    detail: page.parentKeys.map((k) => t(k)).join(' / '),
  }
}

function chatOption(chat: DeskSessionView): Option {
  const phone = chat.fanPhone && chat.type !== 'group' ? `+${chat.fanPhone}` : ''
  return {
    kind: 'chat',
    key: `chat:${chat.id}`,
    to: chatTarget(chat.id),
    label: chat.title || phone || chat.jid,
    detail: [phone, chat.fanRemark].filter(Boolean).join(' · '),
  }
}
