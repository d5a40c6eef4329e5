import { CloseOutlined, SendOutlined } from '@ant-design/icons'
import { Button, Typography } from 'antd'
import { useTranslation } from 'react-i18next'
import { formatSeconds } from '../messages/format'
import { MAX_VOICE_SECONDS } from '../uploadRules'

interface Props {
  seconds: number
  onCancel(): void
  onSend(): void
}

/** Shown instead of the input while recording: the running time, cancel and send. */
export function VoiceBar({ seconds, onCancel, onSend }: Props) {
  const { t } = useTranslation()
  return (
    <div className="chat-voice-bar" data-testid="chat-recording">
      <span className="chat-recording-dot" />
      <Typography.Text>{t('chat.record.recording')}</Typography.Text>
      <Typography.Text strong data-testid="chat-recording-time">
        {formatSeconds(seconds)}
      </Typography.Text>
      <Typography.Text type="secondary">/ {formatSeconds(MAX_VOICE_SECONDS)}</Typography.Text>
      <span style={{ flex: 1 }} />
      <Button icon={<CloseOutlined />} onClick={onCancel} data-testid="chat-recording-cancel">
        {t('chat.record.cancel')}
      </Button>
      <Button type="primary" icon={<SendOutlined />} onClick={onSend} data-testid="chat-recording-send">
        {t('chat.record.send')}
      </Button>
    </div>
  )
}
