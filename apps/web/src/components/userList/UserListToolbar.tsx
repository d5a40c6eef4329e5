import { PlusOutlined } from '@ant-design/icons'
import { UserStatus } from '@app/core'
import { Button, Flex, Input, Select } from 'antd'
import { type ReactNode, useState } from 'react'
import { useTranslation } from 'react-i18next'

export interface UserListToolbarProps {
  /** the search box is `<prefix>-search`, the create button `<prefix>-create` */
  testIdPrefix: string
  searchWidth: number
  statusWidth: number
  status: number | undefined
  onSearch: (keyword: string) => void
  onStatus: (status: 0 | 1 | undefined) => void
  /** filters between the search box and the status */
  filters?: ReactNode
  createText: string
  onCreate: () => void
}

/** Above a managed list of users: search by name, filter by status, and the create button. */
export function UserListToolbar(props: UserListToolbarProps) {
  const { t } = useTranslation()
  const [keyword, setKeyword] = useState('')
  return (
    <Flex justify="space-between" gap={12} wrap>
      <Flex gap={8} wrap>
        <Input.Search
          allowClear
          placeholder={t('platform.searchUser')}
          value={keyword}
          onChange={(e) => setKeyword(e.target.value)}
          onSearch={(v) => props.onSearch(v.trim())}
          style={{ width: props.searchWidth }}
          data-testid={`${props.testIdPrefix}-search`}
        />
        {props.filters}
        <Select<0 | 1>
          allowClear
          aria-label={t('platform.status')}
          placeholder={t('platform.status')}
          style={{ width: props.statusWidth }}
          value={props.status as 0 | 1 | undefined}
          onChange={props.onStatus}
          options={[
            { value: UserStatus.enabled, label: t('platform.enabled') },
            { value: UserStatus.disabled, label: t('platform.disabled') },
          ]}
        />
      </Flex>
      <Button
        type="primary"
        icon={<PlusOutlined />}
        onClick={props.onCreate}
        data-testid={`${props.testIdPrefix}-create`}
      >
        {props.createText}
      </Button>
    </Flex>
  )
}
