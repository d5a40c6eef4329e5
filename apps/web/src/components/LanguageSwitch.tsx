import type { LanguageCode } from '@app/core'
import { Segmented } from 'antd'
import { useTranslation } from 'react-i18next'
import { useAppStore } from '../stores/app'

const options: { code: LanguageCode; labelKey: string }[] = [
  { code: 'zh', labelKey: 'common.languageZh' },
  { code: 'en', labelKey: 'common.languageEn' },
]

/** zh / en switch; the choice is remembered (localStorage 'language') and applies everywhere. */
export function LanguageSwitch({ size = 'middle' }: { size?: 'small' | 'middle' }) {
  const { t } = useTranslation()
  const language = useAppStore((s) => s.language)
  const setLanguage = useAppStore((s) => s.setLanguage)
  return (
    <Segmented<LanguageCode>
      size={size}
      value={language}
      onChange={setLanguage}
      aria-label={t('common.language')}
      data-testid="language-switch"
      options={options.map((o) => ({
        value: o.code,
        label: <span data-testid={`language-option-${o.code}`}>{t(o.labelKey)}</span>,
      }))}
    />
  )
}
