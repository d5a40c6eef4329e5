import { CAPTCHA_HEIGHT, CAPTCHA_PIECE, CAPTCHA_WIDTH, type CaptchaImage, ErrorCode } from '@app/core'
import { useCallback, useEffect, useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { checkCaptcha, getCaptcha } from '../../../api/auth'
import { ApiError } from '../../../api/request'
import { DragTrack } from './dragTrack'

export type CaptchaStatus = 'loading' | 'idle' | 'dragging' | 'checking' | 'success' | 'fail' | 'error'

/**
 * State of the block puzzle: fetch (and refetch on expiry), where the piece is, the drag's track,
 * and the check on release (the drop and its track). A pass hands its verification to
 * `onChange`; a failed check (1005 miss or a drag the server did not take for one, 1006 expired,
 * 1013 too many misses, or the network) shakes, says why, and fetches a new puzzle; the wait of a
 * lock stays said over the new puzzle, since every drop until then is refused.
 */
export function useCaptchaPuzzle(
  value: string | undefined,
  onChange: ((v: string | undefined) => void) | undefined,
) {
  const { t } = useTranslation()
  const [puzzle, setPuzzle] = useState<CaptchaImage | null>(null)
  const [status, setStatus] = useState<CaptchaStatus>('loading')
  const [offset, setOffset] = useState(0)
  const [hint, setHint] = useState('')
  const [shake, setShake] = useState(false)
  const offsetRef = useRef(0)
  const trackRef = useRef<DragTrack | null>(null)
  trackRef.current ??= new DragTrack()
  const track = trackRef.current
  const generation = useRef(0)
  const onChangeRef = useRef(onChange)
  onChangeRef.current = onChange
  const valueRef = useRef(value)
  valueRef.current = value

  const width = puzzle?.width ?? CAPTCHA_WIDTH
  const height = puzzle?.height ?? CAPTCHA_HEIGHT
  const piece = puzzle?.pieceSize ?? CAPTCHA_PIECE
  const max = width - piece

  const move = (x: number) => {
    const clamped = Math.min(Math.max(0, x), max)
    offsetRef.current = clamped
    setOffset(clamped)
  }

  /** A new puzzle, with `hintAfter` still shown over it. */
  const load = useCallback((hintAfter = '') => {
    const mine = ++generation.current
    setStatus('loading')
    setHint(hintAfter)
    offsetRef.current = 0
    setOffset(0)
    trackRef.current?.clear()
    if (valueRef.current) onChangeRef.current?.(undefined)
    getCaptcha()
      .then((p) => {
        if (mine !== generation.current) return
        setPuzzle(p)
        setStatus('idle')
      })
      .catch(() => {
        if (mine === generation.current) setStatus('error')
      })
  }, [])
  const refresh = useCallback(() => load(), [load])

  useEffect(() => refresh(), [refresh])

  // A puzzle left alone past its expiry is replaced before anyone drags it.
  useEffect(() => {
    if (!puzzle || status !== 'idle') return
    const id = setTimeout(refresh, Math.max(0, puzzle.expiresAt - Date.now()))
    return () => clearTimeout(id)
  }, [puzzle, status, refresh])

  const verify = async () => {
    if (!puzzle) return
    setStatus('checking')
    try {
      const x = Math.round(offsetRef.current)
      track.add(x)
      const { captchaVerification } = await checkCaptcha({ token: puzzle.token, x, track: track.list() })
      setStatus('success')
      setHint(t('auth.captchaPassed'))
      onChangeRef.current?.(captchaVerification)
    } catch (error) {
      const said = error instanceof ApiError ? error.message : ''
      const locked = error instanceof ApiError && error.code === ErrorCode.captchaLocked
      setStatus('fail')
      setHint(said)
      setShake(true)
      setTimeout(() => {
        setShake(false)
        load(locked ? said : '')
      }, 700)
    }
  }

  return {
    puzzle,
    status,
    setStatus,
    offset,
    offsetRef,
    track,
    hint,
    shake,
    width,
    height,
    piece,
    max,
    move,
    refresh,
    verify,
  }
}
