import { createContext, useContext, useEffect, useState } from 'react'
import { fetchChatMedia } from '../../../api/chat'

/**
 * Object URLs of the chat's files, fetched once each with the auth header and revoked when the
 * chat box closes. A failed fetch is forgotten so that showing the message again retries it.
 */
export class MediaCache {
  private readonly urls = new Map<string, Promise<string>>()
  private readonly created = new Set<string>()
  private open = true

  constructor(private readonly fetchBlob: (url: string) => Promise<Blob> = fetchChatMedia) {}

  get(url: string): Promise<string> {
    const known = this.urls.get(url)
    if (known) return known
    const p = this.fetchBlob(url).then((blob) => {
      const objectUrl = URL.createObjectURL(blob)
      if (!this.open) {
        URL.revokeObjectURL(objectUrl)
        throw new Error('closed')
      }
      this.created.add(objectUrl)
      return objectUrl
    })
    p.catch(() => this.urls.delete(url))
    this.urls.set(url, p)
    return p
  }

  /** Open again after a dispose (a remount keeps the same cache). */
  activate(): void {
    this.open = true
  }

  dispose(): void {
    this.open = false
    for (const u of this.created) URL.revokeObjectURL(u)
    this.created.clear()
    this.urls.clear()
  }
}

export const MediaCacheContext = createContext<MediaCache | null>(null)

/** A cache for the lifetime of the calling component. */
export function useOwnMediaCache(): MediaCache {
  const [cache] = useState(() => new MediaCache())
  useEffect(() => {
    cache.activate()
    return () => cache.dispose()
  }, [cache])
  return cache
}

export type MediaState = { status: 'loading' } | { status: 'ready'; src: string } | { status: 'error' }

/** The object URL of a message's file; nothing is fetched while `url` is null. */
export function useMediaSrc(url: string | null): MediaState {
  const cache = useContext(MediaCacheContext)
  const [state, setState] = useState<MediaState>({ status: 'loading' })
  useEffect(() => {
    if (!url || !cache) {
      setState({ status: 'error' })
      return
    }
    let live = true
    setState({ status: 'loading' })
    cache
      .get(url)
      .then((src) => live && setState({ status: 'ready', src }))
      .catch(() => live && setState({ status: 'error' }))
    return () => {
      live = false
    }
  }, [url, cache])
  return state
}
