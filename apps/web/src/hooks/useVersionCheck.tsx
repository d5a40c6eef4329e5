import { CLIENT_VERSION, isNewerVersion, VERSION_CHECK_INTERVAL_MS } from '@app/core'
import { useEffect } from 'react'
import { fetchLatestVersion, type VersionEntry } from '../api/version'
import { feedback } from '../app/feedback'
import { i18n } from '../i18n'
import { browser } from '../utils/browser'

function Notes({ title, items }: { title: string; items?: string[] }) {
  if (!items?.length) return null
  return (
    <>
      <strong>{title}</strong>
      <ol style={{ margin: '4px 0 12px', paddingInlineStart: 20 }}>
        {items.map((item) => (
          <li key={item}>{item}</li>
        ))}
      </ol>
    </>
  )
}

function VersionNotes({ entry }: { entry: VersionEntry }) {
  return (
    <div data-testid="version-dialog">
      <Notes title={i18n.t('version.newFunction')} items={entry.newFunction} />
      <Notes title={i18n.t('version.bugFix')} items={entry.bugFix} />
      {entry.description ? (
        <>
          <strong>{i18n.t('version.description')}</strong>
          <p style={{ margin: '4px 0 0', whiteSpace: 'pre-wrap' }}>{entry.description}</p>
        </>
      ) : null}
    </div>
  )
}

let dialogOpen = false

/**
 * Spec §4 version check: /version.json on start and every 30 minutes; a newer version than this
 * client opens the update prompt. "No reminder for 30 minutes" restarts the interval, so the
 * next check is a full 30 minutes away. Failures are only logged.
 */
export function useVersionCheck(): void {
  useEffect(() => {
    let timer: ReturnType<typeof setInterval> | undefined
    const restart = () => {
      clearInterval(timer)
      timer = setInterval(check, VERSION_CHECK_INTERVAL_MS)
    }
    async function check() {
      if (dialogOpen) return
      try {
        const latest = await fetchLatestVersion()
        if (!latest || dialogOpen || !isNewerVersion(latest.version, CLIENT_VERSION)) return
        dialogOpen = true
        feedback().modal.confirm({
          title: i18n.t('version.title', { version: latest.version }),
          content: <VersionNotes entry={latest} />,
          okText: i18n.t('version.reload'),
          cancelText: i18n.t('version.later'),
          width: 480,
          onOk: browser.reload,
          onCancel: restart,
          afterClose: () => {
            dialogOpen = false
          },
        })
      } catch (error) {
        console.error('[version check]', error)
      }
    }
    void check()
    restart()
    return () => clearInterval(timer)
  }, [])
}
