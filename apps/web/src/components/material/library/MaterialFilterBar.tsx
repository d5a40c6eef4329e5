import {
  MATERIAL_NAME_MAX,
  type MaterialOwnerTypeValue,
  type MaterialTypeCount,
  type MaterialTypeValue,
  type MaterialUsageValue,
  USAGE_TYPES,
} from '@app/core'
import { type FormInstance, Input, Select } from 'antd'
import { useTranslation } from 'react-i18next'
import { FilterBar, FilterItem } from '../../page/FilterBar'
import { useMaterialGroups } from '../useMaterials'
import type { MaterialFilterValues } from './MaterialFilters'

type EnabledChoice = 'enabled' | 'disabled'

/** The bar's fields: the enabled flag as a choice (an empty choice is "all"). */
export interface MaterialBarValues {
  name?: string
  type?: MaterialTypeValue
  groupId?: number
  enabled?: EnabledChoice
}

const toFilters = (v: MaterialBarValues): MaterialFilterValues => ({
  name: v.name?.trim() || undefined,
  type: v.type,
  groupId: v.groupId,
  enabled: v.enabled === undefined ? undefined : v.enabled === 'enabled',
})

interface Props {
  form: FormInstance<MaterialBarValues>
  ownerType: MaterialOwnerTypeValue
  usage: MaterialUsageValue
  onSearch: (next: MaterialFilterValues) => void
  /** materials per type, shown beside each type */
  typeCounts?: MaterialTypeCount[]
  /** agents see only the enabled materials of the public library: no filter then */
  showEnabled?: boolean
}

/** A library's filters as a list page's filter bar: name, type, group and enabled flag, then Search and Reset. */
export function MaterialFilterBar({
  form,
  ownerType,
  usage,
  onSearch,
  typeCounts,
  showEnabled = true,
}: Props) {
  const { t } = useTranslation()
  const groups = useMaterialGroups(ownerType)
  const types = USAGE_TYPES[usage]
  const all = t('common.all')
  const countOf = (type: MaterialTypeValue) => typeCounts?.find((c) => c.type === type)?.count
  return (
    <FilterBar<MaterialBarValues>
      form={form}
      name={`material-filters-${ownerType}-${usage}`}
      onSearch={(v) => onSearch(toFilters(v))}
      buttonTestIdPrefix="material-filter"
    >
      <FilterItem name="name" label={t('material.name')}>
        <Input
          allowClear
          maxLength={MATERIAL_NAME_MAX}
          placeholder={t('material.searchPlaceholder')}
          style={{ width: 180 }}
          data-testid="material-search"
        />
      </FilterItem>
      {types.length > 1 && (
        <FilterItem name="type" label={t('material.type')}>
          <Select<MaterialTypeValue>
            allowClear
            placeholder={all}
            options={types.map((type) => {
              const count = countOf(type)
              const label = t(`material.types.${type}`)
              return { value: type, label: count === undefined ? label : `${label} (${count})` }
            })}
            style={{ width: 150 }}
            data-testid="material-type-filter"
          />
        </FilterItem>
      )}
      <FilterItem name="groupId" label={t('material.group')}>
        <Select<number>
          allowClear
          placeholder={all}
          options={(groups.data ?? []).map((g) => ({ value: g.id, label: `${g.name} (${g.materialCount})` }))}
          style={{ width: 160 }}
          data-testid="material-group-filter"
        />
      </FilterItem>
      {showEnabled && (
        <FilterItem name="enabled" label={t('material.enabled')}>
          <Select<EnabledChoice>
            allowClear
            placeholder={all}
            options={[
              { value: 'enabled', label: t('material.enabledOnly') },
              { value: 'disabled', label: t('material.disabledOnly') },
            ]}
            style={{ width: 120 }}
            data-testid="material-enabled-filter"
          />
        </FilterItem>
      )}
    </FilterBar>
  )
}
