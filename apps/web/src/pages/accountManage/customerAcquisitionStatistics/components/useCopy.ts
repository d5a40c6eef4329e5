import { App } from 'antd'
import { useCallback } from 'react'
import { useTranslation } from 'react-i18next'

/** Clipboard API where the page may use it, else the older selection copy. */
async function writeClipboard(text: string): Promise<void> {
  if (navigator.clipboard?.writeText) {
    await navigator.clipboard.writeText(text)
    return
  }
  const area = document.createElement('textarea')
  area.value = text
  area.setAttribute('readonly', '')
  area.style.position = 'fixed'
  area.style.opacity = '0'
  document.body.appendChild(area)
  area.select()
  try {
    if (typeof document.execCommand !== 'function' || !document.execCommand('copy')) {
      throw new Error('copy refused')
    }
  } finally {
    area.remove()
  }
}

/** Copies text and tells the user whether it worked (spec §8: success or failure toast). */
export function useCopy(): (text: string) => Promise<boolean> {
  const { t } = useTranslation()
  const { message } = App.useApp()
  return useCallback(
    async (text: string) => {
      try {
        await writeClipboard(text)
        message.success(t('acquisition.share.copied'))
        return true
      } catch {
        message.error(t('acquisition.share.copyFailed'))
        return false
      }
    },
    [message, t],
  )
}
