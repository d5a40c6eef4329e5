import { SettingOutlined } from '@ant-design/icons'
import { Button, Checkbox, Flex, Popover, Typography } from 'antd'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { readJson, StorageKey, writeJson } from '../../utils/storage'
import type { PageColumn } from './tableColumns'

const storageKey = (table: string) => `${StorageKey.tableColumns}:${table}`

/** Columns the user may show or hide: not the row's name, not the actions. */
const choosable = <Row,>(c: PageColumn<Row>) => !c.actions && !c.alwaysShown

/**
 * Which columns of a wide table are shown, kept in this browser per table. What is kept is the
 * user's difference from the defaults, so a column added later still shows by its own default.
 */
export function useColumnChoice<Row>(table: string | undefined, columns: PageColumn<Row>[]) {
  const [choice, setChoice] = useState<Record<string, boolean>>(() =>
    table ? (readJson<Record<string, boolean>>(localStorage, storageKey(table)) ?? {}) : {},
  )
  const isShown = (c: PageColumn<Row>) => !choosable(c) || (choice[c.key] ?? !c.hiddenByDefault)
  const save = (next: Record<string, boolean>) => {
    setChoice(next)
    if (table) writeJson(localStorage, storageKey(table), next)
  }
  return {
    shown: columns.filter(isShown),
    isShown,
    toggle: (key: string, on: boolean) => save({ ...choice, [key]: on }),
    reset: () => {
      setChoice({})
      if (table) localStorage.removeItem(storageKey(table))
    },
  }
}

export type ColumnChoice<Row> = ReturnType<typeof useColumnChoice<Row>>

/** A small "columns" button whose popover lists the table's columns with checkboxes. */
export function ColumnChooser<Row>({
  columns,
  choice,
  testId,
}: {
  columns: PageColumn<Row>[]
  choice: ColumnChoice<Row>
  testId?: string
}) {
  const { t } = useTranslation()
  const options = columns.filter(choosable)
  const content = (
    <Flex vertical gap={6} style={{ minWidth: 160 }} data-testid={testId ? `${testId}-options` : undefined}>
      {options.map((c) => (
        <Checkbox
          key={c.key}
          checked={choice.isShown(c)}
          onChange={(e) => choice.toggle(c.key, e.target.checked)}
        >
          {c.title}
        </Checkbox>
      ))}
      <Button type="link" size="small" style={{ alignSelf: 'flex-start', padding: 0 }} onClick={choice.reset}>
        {t('page.columnsReset')}
      </Button>
    </Flex>
  )
  return (
    <Popover
      trigger="click"
      placement="bottomRight"
      title={<Typography.Text strong>{t('page.columnsTitle')}</Typography.Text>}
      content={content}
    >
      <Button icon={<SettingOutlined />} data-testid={testId}>
        {t('page.columns')}
      </Button>
    </Popover>
  )
}
