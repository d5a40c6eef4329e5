import { LeftOutlined, RightOutlined } from '@ant-design/icons'
import { Button, Flex, Select, Typography } from 'antd'
import { useTranslation } from 'react-i18next'
import { FAN_PAGE_SIZES, type FanPages } from './FanListState'

/**
 * Paging over keyset pages, laid out as every other list's paging: the total first, then
 * previous, the page, next and the page size, on the right.
 */
export function FanPager({ list, total, counting }: { list: FanPages; total?: number; counting: boolean }) {
  const { t } = useTranslation()
  return (
    <Flex justify="flex-end" align="center" gap={8} wrap data-testid="fan-pager">
      <Typography.Text data-testid="fan-total" style={{ marginInlineEnd: 8 }}>
        {total === undefined || counting ? t('fans.counting') : t('page.total', { count: total })}
      </Typography.Text>
      <Button
        size="small"
        icon={<LeftOutlined />}
        aria-label={t('fans.prev')}
        disabled={!list.hasPrev}
        onClick={list.prev}
        data-testid="fan-prev"
      />
      <Typography.Text data-testid="fan-page-no">{t('fans.pageNo', { page: list.pageNo })}</Typography.Text>
      <Button
        size="small"
        icon={<RightOutlined />}
        aria-label={t('fans.next')}
        disabled={!list.hasNext}
        onClick={list.next}
        data-testid="fan-next"
      />
      <Select
        size="small"
        value={list.pageSize}
        onChange={list.setPageSize}
        aria-label={t('fans.pageSizeLabel')}
        options={FAN_PAGE_SIZES.map((size) => ({ value: size, label: t('fans.pageSize', { size }) }))}
        style={{ width: 100 }}
        data-testid="fan-page-size"
      />
    </Flex>
  )
}
