import { variablesWithoutFallback } from '@app/core'
import { Alert } from 'antd'
import { useTranslation } from 'react-i18next'

/**
 * Warns when a sentence uses a variable some recipients have no value for (a customer without a
 * nickname) without a fallback, and shows how to write one: `{nickname|friend}`.
 */
export function MassSendFallbackWarning({ text, quote = false }: { text: string; quote?: boolean }) {
  const { t } = useTranslation()
  const missing = variablesWithoutFallback(text)
  if (missing.length === 0) return null
  return (
    <Alert
      type="warning"
      showIcon
      data-testid="mass-send-fallback-warning"
      title={missing.map((name) => (
        <div key={name}>
          {t('massSend.sentence.fallbackWarning', {
            label: t(`massSend.sentence.missing.${name}`),
            example: `{${name}|${t('massSend.sentence.fallbackExample')}}`,
          })}
        </div>
      ))}
      description={quote ? text : undefined}
    />
  )
}
