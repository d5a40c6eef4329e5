import { ReloadOutlined } from '@ant-design/icons'
import { Button, Flex, Spin } from 'antd'
import { type KeyboardEvent, type PointerEvent, type Ref, useImperativeHandle, useRef } from 'react'
import { useTranslation } from 'react-i18next'
import { CaptchaTrack } from './CaptchaTrack'
import { useCaptchaPuzzle } from './useCaptchaPuzzle'

export interface SliderCaptchaHandle {
  refresh(): void
}

interface Props {
  value?: string
  onChange?: (captchaVerification: string | undefined) => void
  ref?: Ref<SliderCaptchaHandle>
}

const overlay = { position: 'absolute', inset: 0 } as const

/**
 * Block-puzzle captcha as a form control: drag the handle (mouse, touch or pen through pointer
 * events; arrow keys and Enter too) until the piece fills the gap. Every move is kept in the
 * drag's track, which goes with the drop. The value is the captchaVerification of a passed
 * check; `ref.refresh()` fetches a new puzzle.
 */
export function SliderCaptcha({ value, onChange, ref }: Props) {
  const { t } = useTranslation()
  const c = useCaptchaPuzzle(value, onChange)
  const drag = useRef<{ startX: number } | null>(null)
  useImperativeHandle(ref, () => ({ refresh: c.refresh }), [c.refresh])

  const onPointerDown = (e: PointerEvent<HTMLDivElement>) => {
    if (c.status !== 'idle') return
    e.currentTarget.setPointerCapture?.(e.pointerId)
    drag.current = { startX: e.clientX - c.offsetRef.current }
    c.track.begin(c.offsetRef.current)
    c.setStatus('dragging')
  }
  const onPointerMove = (e: PointerEvent<HTMLDivElement>) => {
    if (!drag.current) return
    c.move(e.clientX - drag.current.startX)
    c.track.add(c.offsetRef.current)
  }
  const onPointerUp = () => {
    if (!drag.current) return
    drag.current = null
    if (c.offsetRef.current === 0) {
      c.track.clear()
      c.setStatus('idle')
    } else void c.verify()
  }
  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    if (c.status !== 'idle') return
    if (e.key === 'ArrowRight' || e.key === 'ArrowLeft') {
      e.preventDefault()
      const from = c.offsetRef.current
      c.move(from + (e.key === 'ArrowRight' ? 1 : -1) * (e.shiftKey ? 10 : 2))
      c.track.step(from, c.offsetRef.current)
    } else if (e.key === 'Enter' && c.offsetRef.current > 0) {
      e.preventDefault()
      void c.verify()
    }
  }

  const { puzzle, width, height, piece } = c
  return (
    <div
      className={c.shake ? 'captcha-shake' : undefined}
      style={{ width, maxWidth: '100%', margin: '0 auto' }}
      data-testid="captcha"
    >
      <div
        style={{
          position: 'relative',
          width,
          height,
          borderRadius: 4,
          overflow: 'hidden',
          background: '#e2e8f0',
        }}
      >
        {puzzle ? (
          <>
            <img
              src={puzzle.backgroundImage}
              alt={t('auth.captchaImageAlt')}
              width={width}
              height={height}
              draggable={false}
              style={{ display: 'block' }}
            />
            <img
              src={puzzle.pieceImage}
              alt={t('auth.captchaPieceAlt')}
              width={piece}
              height={piece}
              draggable={false}
              data-testid="captcha-piece"
              style={{
                position: 'absolute',
                top: puzzle.pieceY,
                left: c.offset,
                filter: 'drop-shadow(0 0 3px rgba(0, 0, 0, 0.5))',
              }}
            />
          </>
        ) : null}
        {c.status === 'loading' ? (
          <Flex align="center" justify="center" style={overlay}>
            <Spin description={t('auth.captchaLoading')} />
          </Flex>
        ) : null}
        {c.status === 'error' ? (
          <Flex align="center" justify="center" style={overlay}>
            <span style={{ color: '#dc2626' }}>{t('auth.captchaLoadFailed')}</span>
          </Flex>
        ) : null}
        <Button
          size="small"
          shape="circle"
          icon={<ReloadOutlined />}
          onClick={c.refresh}
          aria-label={t('auth.captchaRefresh')}
          title={t('auth.captchaRefresh')}
          data-testid="captcha-refresh"
          style={{ position: 'absolute', top: 6, right: 6 }}
        />
      </div>
      <CaptchaTrack
        status={c.status}
        offset={c.offset}
        piece={piece}
        max={c.max}
        hint={c.hint}
        onPointerDown={onPointerDown}
        onPointerMove={onPointerMove}
        onPointerUp={onPointerUp}
        onKeyDown={onKeyDown}
      />
    </div>
  )
}
