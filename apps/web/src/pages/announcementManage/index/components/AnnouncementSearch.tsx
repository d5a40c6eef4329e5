import { ANNOUNCEMENT_TITLE_MAX, type AnnouncementStatusValue } from '@app/core'
import { type FormInstance, Input, Select } from 'antd'
import { useTranslation } from 'react-i18next'
import { FilterBar, FilterItem } from '../../../../components/page/FilterBar'
import { useStatusOptions } from './status'

export interface AnnouncementFilters {
  title?: string
  status?: AnnouncementStatusValue
}

/** Title and status filters above the table; reset clears both and searches again. */
export function AnnouncementSearch({
  form,
  onSearch,
}: {
  form: FormInstance<AnnouncementFilters>
  onSearch: (filters: AnnouncementFilters) => void
}) {
  const { t } = useTranslation()
  const statusOptions = useStatusOptions()
  return (
    <FilterBar<AnnouncementFilters>
      form={form}
      name="announcement-filters"
      onSearch={(v) => onSearch({ title: v.title?.trim() || undefined, status: v.status })}
      testId="announcement-search"
      buttonTestIdPrefix="announcement-search"
    >
      <FilterItem name="title" label={t('announcement.title')}>
        <Input
          allowClear
          maxLength={ANNOUNCEMENT_TITLE_MAX}
          placeholder={t('announcement.titlePlaceholder')}
          data-testid="announcement-search-title"
        />
      </FilterItem>
      <FilterItem name="status" label={t('announcement.status')}>
        <Select
          allowClear
          options={statusOptions}
          placeholder={t('announcement.statusPlaceholder')}
          style={{ width: 140 }}
          data-testid="announcement-search-status"
        />
      </FilterItem>
    </FilterBar>
  )
}
