import {
  AudioOutlined,
  ContactsOutlined,
  EnvironmentOutlined,
  FolderOpenOutlined,
  LinkOutlined,
  PaperClipOutlined,
} from '@ant-design/icons'
import { Button, Dropdown, Tooltip } from 'antd'
import { type ReactNode, useRef } from 'react'
import { useTranslation } from 'react-i18next'
import { ACCEPT, UPLOAD_KINDS, type UploadKind } from '../uploadRules'
import { EmojiPanel } from './EmojiPanel'

export type ComposerDialog = 'location' | 'card' | 'link' | 'material'

interface Props {
  disabled: boolean
  onEmoji(emoji: string): void
  onFiles(kind: UploadKind, files: File[]): void
  onRecord(): void
  recordingBusy: boolean
  onDialog(dialog: ComposerDialog): void
  /** more tools after the built-in ones */
  extra?: ReactNode
}

function ToolButton(props: {
  title: string
  icon: ReactNode
  testId: string
  onClick(): void
  disabled?: boolean
  loading?: boolean
}) {
  return (
    <Tooltip title={props.title}>
      <Button
        type="text"
        icon={props.icon}
        aria-label={props.title}
        onClick={props.onClick}
        disabled={props.disabled}
        loading={props.loading}
        data-testid={props.testId}
      />
    </Tooltip>
  )
}

/** The composer's tools: emoji, attachments by kind, recording, location, contact card, material, link. */
export function ComposerToolbar({
  disabled,
  onEmoji,
  onFiles,
  onRecord,
  recordingBusy,
  onDialog,
  extra,
}: Props) {
  const { t } = useTranslation()
  const inputs = useRef<Partial<Record<UploadKind, HTMLInputElement | null>>>({})

  return (
    <div className="chat-toolbar">
      <EmojiPanel onPick={onEmoji} disabled={disabled} />
      <Dropdown
        trigger={['click']}
        disabled={disabled}
        menu={{
          items: UPLOAD_KINDS.map((kind) => ({
            key: kind,
            label: <span data-testid={`chat-attach-${kind}`}>{t(`chat.composer.attach.${kind}`)}</span>,
          })),
          onClick: ({ key }) => inputs.current[key as UploadKind]?.click(),
        }}
      >
        <Tooltip title={t('chat.composer.attachTitle')}>
          <Button
            type="text"
            icon={<PaperClipOutlined />}
            aria-label={t('chat.composer.attachTitle')}
            data-testid="chat-attach"
          />
        </Tooltip>
      </Dropdown>
      {UPLOAD_KINDS.map((kind) => (
        <input
          key={kind}
          ref={(el) => {
            inputs.current[kind] = el
          }}
          type="file"
          hidden
          multiple
          accept={ACCEPT[kind] || undefined}
          data-testid={`chat-file-input-${kind}`}
          onChange={(e) => {
            const files = [...(e.currentTarget.files ?? [])]
            e.currentTarget.value = ''
            onFiles(kind, files)
          }}
        />
      ))}
      <ToolButton
        title={t('chat.composer.voice')}
        icon={<AudioOutlined />}
        testId="chat-voice"
        onClick={onRecord}
        disabled={disabled}
        loading={recordingBusy}
      />
      <ToolButton
        title={t('chat.composer.location')}
        icon={<EnvironmentOutlined />}
        testId="chat-location"
        onClick={() => onDialog('location')}
        disabled={disabled}
      />
      <ToolButton
        title={t('chat.composer.card')}
        icon={<ContactsOutlined />}
        testId="chat-card"
        onClick={() => onDialog('card')}
        disabled={disabled}
      />
      <ToolButton
        title={t('chat.composer.material')}
        icon={<FolderOpenOutlined />}
        testId="chat-material"
        onClick={() => onDialog('material')}
        disabled={disabled}
      />
      <ToolButton
        title={t('chat.composer.link')}
        icon={<LinkOutlined />}
        testId="chat-link"
        onClick={() => onDialog('link')}
        disabled={disabled}
      />
      {extra}
    </div>
  )
}
