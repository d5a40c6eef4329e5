import { CheckOutlined, CloseOutlined, DoubleRightOutlined } from '@ant-design/icons'
import { Flex } from 'antd'
import type { KeyboardEvent, PointerEvent } from 'react'
import { useTranslation } from 'react-i18next'
import type { CaptchaStatus } from './useCaptchaPuzzle'

const TRACK_HEIGHT = 40
const statusColor: Partial<Record<CaptchaStatus, string>> = { success: '#16a34a', fail: '#dc2626' }
const hintColor: Partial<Record<CaptchaStatus, string>> = { success: '#15803d', fail: '#dc2626' }

interface Props {
  status: CaptchaStatus
  offset: number
  piece: number
  max: number
  hint: string
  onPointerDown: (e: PointerEvent<HTMLDivElement>) => void
  onPointerMove: (e: PointerEvent<HTMLDivElement>) => void
  onPointerUp: () => void
  onKeyDown: (e: KeyboardEvent<HTMLDivElement>) => void
}

/** The slider under the puzzle: a track that fills behind the handle, the hint, the handle. */
export function CaptchaTrack({ status, offset, piece, max, hint, ...handlers }: Props) {
  const { t } = useTranslation()
  const color = statusColor[status] ?? '#1d4ed8'
  const settled = status === 'success' || status === 'fail'
  const HandleIcon =
    status === 'success' ? CheckOutlined : status === 'fail' ? CloseOutlined : DoubleRightOutlined
  return (
    <div
      data-testid="captcha-track"
      style={{
        position: 'relative',
        height: TRACK_HEIGHT,
        marginTop: 8,
        background: '#f1f5f9',
        border: '1px solid #cbd5e1',
        borderRadius: 4,
        userSelect: 'none',
      }}
    >
      <div
        style={{
          position: 'absolute',
          insetBlock: 0,
          left: 0,
          width: offset + piece,
          background: `${color}22`,
          borderRadius: 4,
        }}
      />
      <Flex align="center" justify="center" style={{ position: 'absolute', inset: 0, pointerEvents: 'none' }}>
        <span
          style={{ color: hintColor[status] ?? 'rgba(0, 0, 0, 0.65)', fontSize: 13 }}
          data-testid="captcha-hint"
        >
          {hint || (offset === 0 ? t('auth.captchaHint') : '')}
        </span>
      </Flex>
      <div
        role="slider"
        tabIndex={0}
        aria-label={t('auth.captchaHint')}
        aria-valuemin={0}
        aria-valuemax={max}
        aria-valuenow={Math.round(offset)}
        data-testid="captcha-handle"
        data-status={status}
        onPointerDown={handlers.onPointerDown}
        onPointerMove={handlers.onPointerMove}
        onPointerUp={handlers.onPointerUp}
        onPointerCancel={handlers.onPointerUp}
        onKeyDown={handlers.onKeyDown}
        style={{
          position: 'absolute',
          top: -1,
          left: offset,
          width: piece,
          height: TRACK_HEIGHT,
          boxSizing: 'border-box',
          display: 'flex',
          alignItems: 'center',
          justifyContent: 'center',
          background: settled ? color : '#ffffff',
          color: settled ? '#ffffff' : color,
          border: `1px solid ${color}`,
          borderRadius: 4,
          cursor: status === 'idle' ? 'grab' : status === 'dragging' ? 'grabbing' : 'default',
          touchAction: 'none',
        }}
      >
        <HandleIcon />
      </div>
    </div>
  )
}
