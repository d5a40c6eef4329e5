import { useTranslation } from 'react-i18next'
import './spinner.css'

/**
 * A loading ring of one element, for what shows while a screen's first data or code comes: it
 * costs the page one node and one animation where antd's spinner costs seven nodes and five.
 */
export function Spinner({ size = 'default' }: { size?: 'small' | 'default' | 'large' }) {
  const { t } = useTranslation()
  return <span className={`app-spinner app-spinner-${size}`} role="status" aria-label={t('common.loading')} />
}
