import type { MaterialView } from '@app/core'
import { Flex, Modal, Typography } from 'antd'
import { useTranslation } from 'react-i18next'
import { MaterialPreview } from './MaterialPreview'
import { MaterialTypeTag } from './materialTypes'

interface Props {
  material: MaterialView | null
  onClose: () => void
}

/** A material shown whole: players for media, the text, location, card or link. */
export function MaterialPreviewModal({ material, onClose }: Props) {
  const { t } = useTranslation()
  return (
    <Modal
      open={material !== null}
      title={
        material && (
          <Flex gap={8} align="center">
            <MaterialTypeTag type={material.type} />
            <Typography.Text ellipsis>{material.name}</Typography.Text>
          </Flex>
        )
      }
      onCancel={onClose}
      footer={null}
      width={520}
      destroyOnHidden
      modalRender={(node) => <div data-testid="material-preview-dialog">{node}</div>}
    >
      {material && (
        <Flex vertical gap={8}>
          <MaterialPreview material={material} />
          {!material.enabled && (
            <Typography.Text type="warning">{t('material.disabledHint')}</Typography.Text>
          )}
        </Flex>
      )}
    </Modal>
  )
}
