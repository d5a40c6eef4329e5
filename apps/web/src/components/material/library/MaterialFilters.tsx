import {
  MATERIAL_NAME_MAX,
  type MaterialOwnerTypeValue,
  type MaterialTypeCount,
  type MaterialTypeValue,
  type MaterialUsageValue,
  USAGE_TYPES,
} from '@app/core'
import { Flex, Input, Select } from 'antd'
import { useTranslation } from 'react-i18next'
import { useMaterialGroups } from '../useMaterials'

export interface MaterialFilterValues {
  type?: MaterialTypeValue
  groupId?: number
  enabled?: boolean
  name?: string
}

interface Props {
  ownerType: MaterialOwnerTypeValue
  usage: MaterialUsageValue
  value: MaterialFilterValues
  onChange: (next: MaterialFilterValues) => void
  /** materials per type, shown beside each type */
  typeCounts?: MaterialTypeCount[]
  /** agents see only the enabled materials of the public library: no filter then */
  showEnabled?: boolean
}

type EnabledChoice = 'all' | 'enabled' | 'disabled'
const enabledChoice = (v?: boolean): EnabledChoice => (v === undefined ? 'all' : v ? 'enabled' : 'disabled')

/** Search by name, and filter by type, group and enabled flag. */
export function MaterialFilters({
  ownerType,
  usage,
  value,
  onChange,
  typeCounts,
  showEnabled = true,
}: Props) {
  const { t } = useTranslation()
  const groups = useMaterialGroups(ownerType)
  const types = USAGE_TYPES[usage]
  const countOf = (type: MaterialTypeValue) => typeCounts?.find((c) => c.type === type)?.count
  return (
    <Flex gap={8} wrap align="center">
      <Input.Search
        allowClear
        maxLength={MATERIAL_NAME_MAX}
        placeholder={t('material.searchPlaceholder')}
        aria-label={t('material.name')}
        onSearch={(name) => onChange({ ...value, name: name.trim() || undefined })}
        style={{ width: 220 }}
        data-testid="material-search"
      />
      {types.length > 1 && (
        <Select<MaterialTypeValue | 'all'>
          value={value.type ?? 'all'}
          onChange={(type) => onChange({ ...value, type: type === 'all' ? undefined : type })}
          options={[
            { value: 'all', label: t('material.allTypes') },
            ...types.map((type) => {
              const count = countOf(type)
              const label = t(`material.types.${type}`)
              return { value: type, label: count === undefined ? label : `${label} (${count})` }
            }),
          ]}
          style={{ width: 150 }}
          aria-label={t('material.type')}
          data-testid="material-type-filter"
        />
      )}
      <Select<number | 'all'>
        value={value.groupId ?? 'all'}
        onChange={(groupId) => onChange({ ...value, groupId: groupId === 'all' ? undefined : groupId })}
        options={[
          { value: 'all', label: t('material.allGroups') },
          ...(groups.data ?? []).map((g) => ({ value: g.id, label: `${g.name} (${g.materialCount})` })),
        ]}
        style={{ width: 170 }}
        aria-label={t('material.group')}
        data-testid="material-group-filter"
      />
      {showEnabled && (
        <Select<EnabledChoice>
          value={enabledChoice(value.enabled)}
          onChange={(v) => onChange({ ...value, enabled: v === 'all' ? undefined : v === 'enabled' })}
          options={[
            { value: 'all', label: t('material.allStates') },
            { value: 'enabled', label: t('material.enabledOnly') },
            { value: 'disabled', label: t('material.disabledOnly') },
          ]}
          style={{ width: 130 }}
          aria-label={t('material.enabled')}
          data-testid="material-enabled-filter"
        />
      )}
    </Flex>
  )
}
