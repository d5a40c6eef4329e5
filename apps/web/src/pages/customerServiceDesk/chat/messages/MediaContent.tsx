import {
  CaretRightOutlined,
  DownloadOutlined,
  FileOutlined,
  LoadingOutlined,
  PauseOutlined,
  PictureOutlined,
} from '@ant-design/icons'
import type { ChatMessageView } from '@app/core'
import { App, Button, Typography } from 'antd'
import { lazy, Suspense, useContext, useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { MediaCacheContext, type MediaState, useMediaSrc } from '../mediaCache'
import { formatBytes, formatSeconds, metaNumber, metaString } from './format'

type Props = { message: ChatMessageView }

// antd's picture with its large viewer loads with the first picture shown
const Image = lazy(() => import('antd/es/image'))

/** The message's file URL, unless the file never arrived (meta.mediaError). */
const mediaUrlOf = (m: ChatMessageView) => (m.meta.mediaError ? null : m.mediaUrl)

/** Room kept for a picture or video before it loads, from its known size (max 240 px wide). */
function boxOf(m: ChatMessageView): { width: number; height: number } {
  const w = metaNumber(m.meta, 'width')
  const h = metaNumber(m.meta, 'height')
  if (!w || !h) return { width: 200, height: 150 }
  const scale = Math.min(1, 240 / w, 240 / h)
  return { width: Math.max(60, Math.round(w * scale)), height: Math.max(60, Math.round(h * scale)) }
}

function Pending({ state, box }: { state: MediaState; box: { width: number; height: number } }) {
  const { t } = useTranslation()
  return (
    <div className="chat-media-pending" style={box} data-testid="chat-media-pending">
      {state.status === 'loading' ? (
        <LoadingOutlined />
      ) : (
        <Typography.Text type="secondary">
          <PictureOutlined /> {t('chat.mediaUnavailable')}
        </Typography.Text>
      )}
    </div>
  )
}

/** A picture (or sticker), opened large on click. */
export function ImageContent({ message }: Props) {
  const { t } = useTranslation()
  const state = useMediaSrc(mediaUrlOf(message))
  const box = boxOf(message)
  if (state.status !== 'ready') return <Pending state={state} box={box} />
  return (
    <Suspense fallback={<Pending state={{ status: 'loading' }} box={box} />}>
      <Image
        src={state.src}
        // also the name of the button that opens it large
        alt={t('chat.imageAlt')}
        className="chat-image"
        style={{ maxWidth: 240, maxHeight: 240 }}
        data-testid="chat-image"
      />
    </Suspense>
  )
}

/** A video; a GIF (sent by WhatsApp as a looping video) plays by itself, muted, in a loop. */
export function VideoContent({ message }: Props) {
  const state = useMediaSrc(mediaUrlOf(message))
  const box = boxOf(message)
  if (state.status !== 'ready') return <Pending state={state} box={box} />
  if (message.meta.gif === true)
    return (
      <video className="chat-video" src={state.src} autoPlay loop muted playsInline data-testid="chat-gif" />
    )
  return <video className="chat-video" src={state.src} controls preload="metadata" data-testid="chat-video" />
}

/**
 * A voice note or audio file, in a player of the console's own (the browser's bare player differs
 * from browser to browser and speaks its language, not the user's): play or pause, the place in it
 * on a slider the keyboard moves too, and the time played of the whole. The whole is the file's own
 * length once the browser has read it, the known seconds until then.
 */
export function AudioContent({ message }: Props) {
  const { t } = useTranslation()
  const state = useMediaSrc(mediaUrlOf(message))
  const known = metaNumber(message.meta, 'seconds')
  const audio = useRef<HTMLAudioElement>(null)
  const [playing, setPlaying] = useState(false)
  const [played, setPlayed] = useState(0)
  const [length, setLength] = useState<number | undefined>(undefined)
  const whole = length ?? known
  if (state.status !== 'ready') {
    return (
      <div className="chat-audio" data-testid="chat-audio">
        <Pending state={state} box={{ width: 240, height: 40 }} />
        {known !== undefined && (
          <Typography.Text type="secondary" className="chat-audio-time" data-testid="chat-audio-length">
            {formatSeconds(known)}
          </Typography.Text>
        )}
      </div>
    )
  }
  const toggle = () => {
    const el = audio.current
    if (!el) return
    if (el.paused) void el.play().catch(() => setPlaying(false))
    else el.pause()
  }
  return (
    <div className="chat-audio chat-audio-player" data-testid="chat-audio">
      <audio
        ref={audio}
        src={state.src}
        preload="metadata"
        onLoadedMetadata={(e) => {
          const d = e.currentTarget.duration
          if (Number.isFinite(d)) setLength(d)
        }}
        onTimeUpdate={(e) => setPlayed(e.currentTarget.currentTime)}
        onPlay={() => setPlaying(true)}
        onPause={() => setPlaying(false)}
        onEnded={() => {
          setPlaying(false)
          setPlayed(0)
        }}
      />
      <Button
        shape="circle"
        size="small"
        type="primary"
        icon={playing ? <PauseOutlined /> : <CaretRightOutlined />}
        aria-label={playing ? t('chat.audio.pause') : t('chat.audio.play')}
        onClick={toggle}
        data-testid="chat-audio-play"
      />
      <input
        type="range"
        className="chat-audio-seek"
        min={0}
        max={whole ?? 0}
        step={0.1}
        value={Math.min(played, whole ?? 0)}
        disabled={!whole}
        aria-label={t('chat.audio.seek')}
        aria-valuetext={`${formatSeconds(played)} / ${formatSeconds(whole ?? 0)}`}
        onChange={(e) => {
          const to = Number(e.currentTarget.value)
          setPlayed(to)
          if (audio.current) audio.current.currentTime = to
        }}
      />
      <Typography.Text type="secondary" className="chat-audio-time" data-testid="chat-audio-length">
        {playing || played > 0 ? `${formatSeconds(played)} / ` : ''}
        {whole !== undefined ? formatSeconds(whole) : '--:--'}
      </Typography.Text>
    </div>
  )
}

/** A document: its name and size, downloaded on demand (with the auth header). */
export function FileContent({ message }: Props) {
  const { t } = useTranslation()
  const { message: toast } = App.useApp()
  const cache = useContext(MediaCacheContext)
  const [busy, setBusy] = useState(false)
  const name = metaString(message.meta, 'fileName') ?? t('chat.file.unnamed')
  const size = metaNumber(message.meta, 'size')
  const url = mediaUrlOf(message)

  const download = async () => {
    if (!url || !cache) return
    setBusy(true)
    try {
      const href = await cache.get(url)
      const a = document.createElement('a')
      a.href = href
      a.download = name
      document.body.append(a)
      a.click()
      a.remove()
    } catch {
      toast.error(t('chat.mediaUnavailable'))
    } finally {
      setBusy(false)
    }
  }

  return (
    <div className="chat-file" data-testid="chat-file">
      <FileOutlined className="chat-file-icon" />
      <div className="chat-file-text">
        <Typography.Text ellipsis={{ tooltip: name }} className="chat-file-name">
          {name}
        </Typography.Text>
        {size !== undefined && (
          <Typography.Text type="secondary" className="chat-file-size">
            {formatBytes(size)}
          </Typography.Text>
        )}
      </div>
      <Button
        size="small"
        type="text"
        icon={<DownloadOutlined />}
        loading={busy}
        disabled={!url}
        onClick={() => void download()}
        aria-label={t('chat.file.download')}
        title={url ? t('chat.file.download') : t('chat.mediaUnavailable')}
        data-testid={`chat-download-${message.id}`}
      />
    </div>
  )
}
