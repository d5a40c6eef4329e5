import { useCallback, useEffect, useRef, useState } from 'react'
import { MAX_VOICE_SECONDS } from '../uploadRules'

/**
 * What a recording is made as: Ogg/Opus (WhatsApp's voice note) where the browser records it,
 * else WebM/Opus (Chromium), which the server turns into Ogg/Opus.
 */
const RECORDING_MIMES = ['audio/ogg;codecs=opus', 'audio/webm;codecs=opus'] as const
const RECORDING_MIME = RECORDING_MIMES[1]

/** The file name a recording is uploaded under, by what it was recorded as. */
export const recordingFileName = (mime: string): string =>
  mime.startsWith('audio/ogg') ? 'voice.ogg' : 'voice.webm'

/** `chat.record.*` keys of why recording could not start. */
export type MicProblem = 'micDenied' | 'micNotFound' | 'micUnsupported' | 'micFailed'

function micProblemOf(err: unknown): MicProblem {
  const name = err instanceof Error || err instanceof DOMException ? err.name : ''
  if (name === 'NotAllowedError' || name === 'SecurityError' || name === 'PermissionDeniedError')
    return 'micDenied'
  if (name === 'NotFoundError' || name === 'DevicesNotFoundError' || name === 'OverconstrainedError')
    return 'micNotFound'
  return 'micFailed'
}

export interface Recording {
  blob: Blob
  seconds: number
}

interface Active {
  recorder: MediaRecorder
  stream: MediaStream
  chunks: Blob[]
  startedAt: number
}

/**
 * Record a voice message with the microphone: ask for permission, count the seconds, stop at
 * the longest voice message allowed; `finish` answers the recording, `cancel` drops it.
 */
export function useVoiceRecorder(onLimit: () => void) {
  const [recording, setRecording] = useState(false)
  const [starting, setStarting] = useState(false)
  const [seconds, setSeconds] = useState(0)
  const active = useRef<Active | null>(null)
  const onLimitRef = useRef(onLimit)
  onLimitRef.current = onLimit

  const release = useCallback(() => {
    const a = active.current
    active.current = null
    if (a) {
      if (a.recorder.state !== 'inactive') a.recorder.stop()
      for (const track of a.stream.getTracks()) track.stop()
    }
    setRecording(false)
    setSeconds(0)
  }, [])

  useEffect(() => release, [release])

  useEffect(() => {
    if (!recording) return
    const timer = setInterval(() => {
      const a = active.current
      if (!a) return
      const s = Math.floor((Date.now() - a.startedAt) / 1000)
      setSeconds(s)
      if (s >= MAX_VOICE_SECONDS) onLimitRef.current()
    }, 250)
    return () => clearInterval(timer)
  }, [recording])

  /** Resolves null when recording started, else the problem to tell the user. */
  const start = useCallback(async (): Promise<MicProblem | null> => {
    if (active.current || starting) return null
    if (!navigator.mediaDevices?.getUserMedia || typeof MediaRecorder === 'undefined') return 'micUnsupported'
    setStarting(true)
    try {
      const stream = await navigator.mediaDevices.getUserMedia({ audio: true })
      const options = MediaRecorder.isTypeSupported?.(RECORDING_MIME)
        ? { mimeType: RECORDING_MIME }
        : undefined
      const recorder = new MediaRecorder(stream, options)
      const chunks: Blob[] = []
      recorder.ondataavailable = (e) => {
        if (e.data.size > 0) chunks.push(e.data)
      }
      recorder.start(1000)
      active.current = { recorder, stream, chunks, startedAt: Date.now() }
      setSeconds(0)
      setRecording(true)
      return null
    } catch (err) {
      return micProblemOf(err)
    } finally {
      setStarting(false)
    }
  }, [starting])

  const finish = useCallback(async (): Promise<Recording | null> => {
    const a = active.current
    if (!a) return null
    const elapsed = (Date.now() - a.startedAt) / 1000
    if (a.recorder.state !== 'inactive') {
      const stopped = new Promise<void>((resolve) => {
        a.recorder.onstop = () => resolve()
      })
      a.recorder.stop()
      await stopped
    }
    release()
    const blob = new Blob(a.chunks, { type: a.recorder.mimeType || RECORDING_MIME })
    return { blob, seconds: Math.min(MAX_VOICE_SECONDS, Math.max(1, Math.round(elapsed))) }
  }, [release])

  return { recording, starting, seconds, start, finish, cancel: release }
}
