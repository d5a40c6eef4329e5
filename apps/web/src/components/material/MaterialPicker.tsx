import { EyeOutlined } from '@ant-design/icons'
import { MaterialOwnerType, type MaterialOwnerTypeValue, type MaterialView } from '@app/core'
import { keepPreviousData, useQuery } from '@tanstack/react-query'
import { Button, Card, Empty, Flex, Modal, Pagination, Spin, Switch, Tabs, Tag, Typography } from 'antd'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { materialTypeCounts, pageMaterials } from '../../api/material'
import { MaterialFilters, type MaterialFilterValues } from './library/MaterialFilters'
import { MaterialThumb, materialSummary } from './MaterialPreview'
import { MaterialPreviewModal } from './MaterialPreviewModal'
import { MaterialTypeTag } from './materialTypes'
import { MATERIALS_KEY } from './useMaterials'

interface Props {
  open: boolean
  onClose(): void
  onPick(material: MaterialView): void
}

const PAGE_SIZE = 12

/**
 * Choose a message material to send: the public library (the supervisor's) or one's own, by
 * type, group and name, enabled ones only unless asked otherwise; a disabled material cannot be
 * picked. Picking closes the dialog.
 */
export function MaterialPicker({ open, onClose, onPick }: Props) {
  const { t } = useTranslation()
  const [ownerType, setOwnerType] = useState<MaterialOwnerTypeValue>(MaterialOwnerType.public)
  const [filters, setFilters] = useState<MaterialFilterValues>({})
  const [enabledOnly, setEnabledOnly] = useState(true)
  const [pageNo, setPageNo] = useState(1)
  const [previewing, setPreviewing] = useState<MaterialView | null>(null)

  const body = {
    ownerType,
    usage: 'message' as const,
    pageNo,
    pageSize: PAGE_SIZE,
    type: filters.type,
    groupId: filters.groupId,
    name: filters.name,
    enabled: enabledOnly ? true : undefined,
  }
  const page = useQuery({
    queryKey: [...MATERIALS_KEY, 'picker', body],
    queryFn: () => pageMaterials(body),
    enabled: open,
    placeholderData: keepPreviousData,
  })
  const counts = useQuery({
    queryKey: [...MATERIALS_KEY, 'typeCounts', ownerType, 'message'],
    queryFn: () => materialTypeCounts(ownerType, 'message'),
    enabled: open,
  })
  const rows = page.data?.list ?? []

  const switchLibrary = (key: string) => {
    setOwnerType(Number(key) as MaterialOwnerTypeValue)
    setFilters({})
    setPageNo(1)
  }
  const pick = (m: MaterialView) => {
    if (!m.enabled) return
    onPick(m)
    onClose()
  }

  return (
    <Modal
      open={open}
      title={t('material.pickerTitle')}
      onCancel={onClose}
      footer={null}
      width={900}
      modalRender={(node) => <div data-testid="material-picker">{node}</div>}
    >
      <Tabs
        activeKey={String(ownerType)}
        onChange={switchLibrary}
        items={[
          { key: String(MaterialOwnerType.public), label: t('material.publicLibrary') },
          { key: String(MaterialOwnerType.personal), label: t('material.personalLibrary') },
        ]}
      />
      <Flex justify="space-between" align="center" gap={8} wrap style={{ marginBottom: 12 }}>
        <MaterialFilters
          key={ownerType}
          ownerType={ownerType}
          usage="message"
          value={filters}
          onChange={(next) => {
            setFilters(next)
            setPageNo(1)
          }}
          typeCounts={counts.data}
          showEnabled={false}
        />
        <Flex gap={6} align="center">
          <Switch
            size="small"
            checked={enabledOnly}
            onChange={(v) => {
              setEnabledOnly(v)
              setPageNo(1)
            }}
            data-testid="material-picker-enabled-only"
          />
          <Typography.Text>{t('material.enabledOnly')}</Typography.Text>
        </Flex>
      </Flex>
      <Spin spinning={page.isFetching}>
        {rows.length === 0 ? (
          <Empty description={t('material.pickerEmpty')} style={{ padding: 32 }} />
        ) : (
          <div
            style={{
              display: 'grid',
              gridTemplateColumns: 'repeat(auto-fill, minmax(250px, 1fr))',
              gap: 12,
              maxHeight: 460,
              overflowY: 'auto',
              padding: 2,
            }}
          >
            {rows.map((m) => (
              <Card
                key={m.id}
                size="small"
                hoverable={m.enabled}
                onClick={() => pick(m)}
                style={{ cursor: m.enabled ? 'pointer' : 'not-allowed', opacity: m.enabled ? 1 : 0.55 }}
                data-testid={`material-pick-${m.id}`}
              >
                <Flex gap={10} align="flex-start">
                  <MaterialThumb material={m} size={56} />
                  <Flex vertical gap={4} style={{ minWidth: 0, flex: 1 }}>
                    <Flex gap={6} align="center" justify="space-between">
                      <Typography.Text strong ellipsis>
                        {m.name}
                      </Typography.Text>
                      <Button
                        type="text"
                        size="small"
                        icon={<EyeOutlined />}
                        aria-label={t('material.preview')}
                        onClick={(e) => {
                          e.stopPropagation()
                          setPreviewing(m)
                        }}
                        data-testid={`material-picker-preview-${m.id}`}
                      />
                    </Flex>
                    <Flex gap={4} wrap>
                      <MaterialTypeTag type={m.type} />
                      {!m.enabled && <Tag>{t('material.disabled')}</Tag>}
                    </Flex>
                    <Typography.Paragraph
                      type="secondary"
                      ellipsis={{ rows: 2 }}
                      style={{ margin: 0, fontSize: 12 }}
                    >
                      {materialSummary(m.content, t)}
                    </Typography.Paragraph>
                  </Flex>
                </Flex>
              </Card>
            ))}
          </div>
        )}
      </Spin>
      <Flex justify="flex-end" style={{ marginTop: 12 }}>
        <Pagination
          size="small"
          current={pageNo}
          pageSize={PAGE_SIZE}
          total={page.data?.total ?? 0}
          hideOnSinglePage
          showSizeChanger={false}
          onChange={setPageNo}
        />
      </Flex>
      <MaterialPreviewModal material={previewing} onClose={() => setPreviewing(null)} />
    </Modal>
  )
}
