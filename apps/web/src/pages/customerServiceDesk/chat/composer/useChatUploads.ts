import type { ChatMessageView, DeskSessionView } from '@app/core'
import { App } from 'antd'
import { useCallback, useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { type ChatUpload, uploadThenSend } from '../../../../api/chat'
import { UploadCheckError } from '../mediaProbe'
import { type PreparedUpload, prepareUpload } from '../prepareUpload'
import {
  ACCEPT,
  checkBatch,
  checkFile,
  MAX_FILES_PER_PICK,
  type UploadKind,
  uploadTypeOf,
} from '../uploadRules'
import { recordingFileName } from './useVoiceRecorder'

export interface UploadItem {
  key: string
  name: string
  kind: UploadKind
  /** 0–1 */
  progress: number
  status: 'preparing' | 'uploading' | 'failed'
}

interface Options {
  session: DeskSessionView
  /** the quoted message id for the next message (the quote is used once) */
  takeQuote(): number | undefined
  onSent(message: ChatMessageView): void
}

let counter = 0

/**
 * Files going out of the composer, one after another so they arrive in the order picked: checked
 * at once (count, size, type), then measured (image size and compression, voice duration) and
 * uploaded with a progress bar each. A failed upload stays listed to retry or remove.
 */
export function useChatUploads({ session, takeQuote, onSent }: Options) {
  const { t } = useTranslation()
  const { message } = App.useApp()
  const [items, setItems] = useState<UploadItem[]>([])
  const chain = useRef<Promise<void>>(Promise.resolve())
  const retries = useRef(new Map<string, () => void>())

  const patch = useCallback((key: string, change: Partial<UploadItem>) => {
    setItems((list) => list.map((i) => (i.key === key ? { ...i, ...change } : i)))
  }, [])
  const drop = useCallback((key: string) => {
    retries.current.delete(key)
    setItems((list) => list.filter((i) => i.key !== key))
  }, [])

  const problemText = useCallback(
    (name: string, err: unknown, kind: UploadKind) => {
      const key = err instanceof UploadCheckError ? `chat.upload.${err.problem}` : 'chat.upload.failed'
      const text = t(key, { accept: ACCEPT[kind] || '*', count: MAX_FILES_PER_PICK })
      return t('chat.upload.fileProblem', { name, problem: text })
    },
    [t],
  )

  /** Upload a prepared file; on failure it stays listed with a retry. */
  const upload = useCallback(
    (key: string, kind: UploadKind, prepared: PreparedUpload, quotedMessageId: number | undefined) => {
      const fields: ChatUpload = {
        sessionId: session.id,
        whatsappId: session.accountPhone ?? undefined,
        ...uploadTypeOf(kind),
        width: prepared.width,
        height: prepared.height,
        seconds: prepared.seconds,
        quotedMessageId,
      }
      patch(key, { status: 'uploading', progress: 0 })
      return uploadThenSend(prepared.file, prepared.name, fields, (p) => patch(key, { progress: p }))
        .then((sent) => {
          drop(key)
          onSent(sent)
        })
        .catch(() => {
          // the request client told the user why
          patch(key, { status: 'failed' })
          retries.current.set(key, () => {
            chain.current = chain.current.then(() => upload(key, kind, prepared, quotedMessageId))
          })
        })
    },
    [session.id, session.accountPhone, patch, drop, onSent],
  )

  const enqueue = useCallback(
    (kind: UploadKind, name: string, prepare: () => Promise<PreparedUpload>) => {
      counter += 1
      const key = `u${counter}`
      setItems((list) => [...list, { key, name, kind, progress: 0, status: 'preparing' }])
      chain.current = chain.current.then(async () => {
        let prepared: PreparedUpload
        try {
          prepared = await prepare()
        } catch (err) {
          drop(key)
          message.error(problemText(name, err, kind))
          return
        }
        await upload(key, kind, prepared, takeQuote())
      })
    },
    [drop, message, problemText, takeQuote, upload],
  )

  /** Files picked for one kind: at most 8, each checked before anything is sent. */
  const sendFiles = useCallback(
    (kind: UploadKind, files: File[]) => {
      if (files.length === 0) return
      if (checkBatch(files.length)) {
        message.error(t('chat.upload.tooMany', { count: MAX_FILES_PER_PICK }))
        return
      }
      for (const file of files) {
        const problem = checkFile(kind, file)
        if (problem) {
          message.error(problemText(file.name, new UploadCheckError(problem), kind))
          continue
        }
        enqueue(kind, file.name, () => prepareUpload(kind, file))
      }
    },
    [enqueue, message, problemText, t],
  )

  /** A voice message recorded in the browser (Ogg or WebM Opus), with its seconds. */
  const sendRecording = useCallback(
    (blob: Blob, seconds: number) =>
      enqueue('voice', t('chat.record.fileName'), async () => ({
        file: blob,
        name: recordingFileName(blob.type),
        seconds,
      })),
    [enqueue, t],
  )

  const retry = useCallback((key: string) => {
    const again = retries.current.get(key)
    retries.current.delete(key)
    again?.()
  }, [])

  return { items, sendFiles, sendRecording, retry, remove: drop }
}
