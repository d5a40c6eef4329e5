import { LeftOutlined, RightOutlined } from '@ant-design/icons'
import { Button, Flex, Select, Typography } from 'antd'
import { useTranslation } from 'react-i18next'
import { FAN_PAGE_SIZES, type FanPages } from './FanListState'

/** Previous and next over the keyset pages, the page size, and how many customers match. */
export function FanPager({ list, total, counting }: { list: FanPages; total?: number; counting: boolean }) {
  const { t } = useTranslation()
  return (
    <Flex justify="space-between" align="center" gap={12} wrap data-testid="fan-pager">
      <Typography.Text type="secondary" data-testid="fan-total">
        {total === undefined || counting ? t('fans.counting') : t('fans.total', { count: total })}
      </Typography.Text>
      <Flex gap={8} align="center">
        <Button icon={<LeftOutlined />} disabled={!list.hasPrev} onClick={list.prev} data-testid="fan-prev">
          {t('fans.prev')}
        </Button>
        <Typography.Text data-testid="fan-page-no">{t('fans.pageNo', { page: list.pageNo })}</Typography.Text>
        <Button disabled={!list.hasNext} onClick={list.next} data-testid="fan-next">
          {t('fans.next')}
          <RightOutlined />
        </Button>
        <Select
          value={list.pageSize}
          onChange={list.setPageSize}
          options={FAN_PAGE_SIZES.map((size) => ({ value: size, label: t('fans.pageSize', { size }) }))}
          style={{ width: 110 }}
          data-testid="fan-page-size"
        />
      </Flex>
    </Flex>
  )
}
