import {
  BarChartOutlined,
  EnvironmentOutlined,
  EyeInvisibleOutlined,
  IdcardOutlined,
  PictureOutlined,
  SendOutlined,
} from '@ant-design/icons'
import { SIM_TEXT_MAX, type SimContentInput } from '@app/core'
import { Button, Flex, Input, Tooltip } from 'antd'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { TextLimitHint, useLimitedText } from '../../../components/TextLimit'
import { PollModal } from './PollModal'

/** Coordinates of the sample location (the Bund, Shanghai). */
const SAMPLE_PLACE = { latitude: 31.2401, longitude: 121.4903 }

/**
 * Type and send (a counter near the length limit says why the text stops); or send a sample
 * picture, a view-once photo, a location, a contact card or a poll.
 */
export function Composer({
  disabled,
  busy,
  contact,
  onSend,
}: {
  disabled: boolean
  busy: boolean
  /** the card the contact button sends */
  contact: { name: string; phone: string } | null
  onSend: (content: SimContentInput) => Promise<unknown>
}) {
  const { t } = useTranslation()
  const { text, setText, stopped } = useLimitedText(SIM_TEXT_MAX)
  const sendText = () => {
    if (!text.trim()) return
    onSend({ kind: 'text', text })
      .then(() => setText(''))
      .catch(() => undefined)
  }
  const send = (content: SimContentInput) => void onSend(content).catch(() => undefined)
  const [polling, setPolling] = useState(false)

  return (
    <div style={{ padding: 8, background: '#f0f2f5' }}>
      <Flex gap={6} align="center">
        <Tooltip title={t('sim.sendImage')}>
          <Button
            icon={<PictureOutlined />}
            aria-label={t('sim.sendImage')}
            disabled={disabled || busy}
            onClick={() => send({ kind: 'image' })}
            data-testid="sim-send-image"
          />
        </Tooltip>
        <Tooltip title={t('sim.sendViewOnce')}>
          <Button
            icon={<EyeInvisibleOutlined />}
            aria-label={t('sim.sendViewOnce')}
            disabled={disabled || busy}
            onClick={() => send({ kind: 'viewOnce' })}
            data-testid="sim-send-view-once"
          />
        </Tooltip>
        <Tooltip title={t('sim.sendPoll')}>
          <Button
            icon={<BarChartOutlined />}
            aria-label={t('sim.sendPoll')}
            disabled={disabled || busy}
            onClick={() => setPolling(true)}
            data-testid="sim-send-poll"
          />
        </Tooltip>
        <Tooltip title={t('sim.sendLocation')}>
          <Button
            icon={<EnvironmentOutlined />}
            aria-label={t('sim.sendLocation')}
            disabled={disabled || busy}
            onClick={() =>
              send({
                kind: 'location',
                ...SAMPLE_PLACE,
                name: t('sim.sampleLocation'),
                address: t('sim.sampleLocationAddress'),
              })
            }
            data-testid="sim-send-location"
          />
        </Tooltip>
        <Tooltip title={t('sim.sendContact')}>
          <Button
            icon={<IdcardOutlined />}
            aria-label={t('sim.sendContact')}
            disabled={disabled || busy || !contact}
            onClick={() => contact && send({ kind: 'contact', ...contact })}
            data-testid="sim-send-contact"
          />
        </Tooltip>
        <Input.TextArea
          value={text}
          onChange={(e) => setText(e.target.value)}
          onPressEnter={(e) => {
            if (e.shiftKey) return
            e.preventDefault()
            sendText()
          }}
          placeholder={t('sim.composer')}
          autoSize={{ minRows: 1, maxRows: 4 }}
          maxLength={SIM_TEXT_MAX}
          disabled={disabled}
          data-testid="sim-composer-input"
        />
        <Button
          type="primary"
          icon={<SendOutlined />}
          onClick={sendText}
          loading={busy}
          disabled={disabled || !text.trim()}
          data-testid="sim-send"
        >
          {t('sim.send')}
        </Button>
      </Flex>
      <Flex justify="flex-end">
        <TextLimitHint length={text.length} stopped={stopped} max={SIM_TEXT_MAX} />
      </Flex>
      <PollModal open={polling} onClose={() => setPolling(false)} onSend={onSend} />
    </div>
  )
}
