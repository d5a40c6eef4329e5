import { Tag, Tooltip } from 'antd'
import { useTranslation } from 'react-i18next'

/**
 * Where a customer's phone would be, for a customer WhatsApp shows only by its hidden id: the
 * "number hidden by WhatsApp" label, the hidden id on hover.
 */
export function HiddenPhone({ lid }: { lid?: string | null }) {
  const { t } = useTranslation()
  const tag = (
    <Tag style={{ marginInlineEnd: 0 }} data-testid="phone-hidden">
      {t('fans.phoneHidden')}
    </Tag>
  )
  return lid ? <Tooltip title={t('fans.phoneHiddenHint', { lid })}>{tag}</Tooltip> : tag
}
