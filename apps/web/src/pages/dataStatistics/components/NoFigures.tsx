import { useTranslation } from 'react-i18next'
import { EmptyState } from '../../../components/page/EmptyState'

/** The empty state of a figures table: nothing was counted in the chosen dates. */
export function NoFigures({ testId }: { testId: string }) {
  const { t } = useTranslation()
  return <EmptyState title={t('statistics.noData')} hint={t('statistics.noDataHint')} testId={testId} />
}
