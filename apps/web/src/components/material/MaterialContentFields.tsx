import {
  MATERIAL_CONTACT_NAME_MAX,
  MATERIAL_FILE_NAME_MAX,
  MATERIAL_LINK_MAX,
  MATERIAL_NICKNAME_MAX,
  MATERIAL_TEXT_MAX,
  MATERIAL_TITLE_MAX,
  type MaterialTypeValue,
  type MaterialUsageValue,
} from '@app/core'
import { Col, Form, Input, InputNumber, Row } from 'antd'
import { useTranslation } from 'react-i18next'
import { MaterialUpload } from './MaterialUpload'
import { contentRule, nicknameRules, requiredFileRule } from './materialForm'
import { uploadTypeOf } from './materialTypes'

interface Props {
  type: MaterialTypeValue
  usage: MaterialUsageValue
}

/** The fields of one material type, each with the server's limit and message (spec §5 "Material"). */
export function MaterialContentFields({ type, usage }: Props) {
  const { t } = useTranslation()
  const uploadType = uploadTypeOf(type)
  const caption = (
    <Form.Item name="caption" label={t('material.caption')} rules={contentRule(type, 'caption')}>
      <Input.TextArea
        autoSize={{ minRows: 2, maxRows: 6 }}
        showCount
        maxLength={MATERIAL_TEXT_MAX}
        placeholder={t('material.captionPlaceholder')}
        data-testid="material-caption"
      />
    </Form.Item>
  )
  const file = uploadType && (
    <Form.Item
      name="file"
      label={type === 'link' ? t('material.cover') : t(`material.types.${type}`)}
      required={type !== 'link'}
      rules={type === 'link' ? [] : [requiredFileRule]}
    >
      <MaterialUpload uploadType={uploadType} usage={usage} removable={type === 'link'} />
    </Form.Item>
  )

  switch (type) {
    case 'text':
      return usage === 'nickname' ? (
        <Form.Item name="text" label={t('material.nickname')} required rules={nicknameRules}>
          <Input
            showCount
            maxLength={MATERIAL_NICKNAME_MAX}
            placeholder={t('material.nicknamePlaceholder')}
            data-testid="material-text"
          />
        </Form.Item>
      ) : (
        <Form.Item name="text" label={t('material.text')} required rules={contentRule('text', 'text')}>
          <Input.TextArea
            autoSize={{ minRows: 4, maxRows: 10 }}
            showCount
            maxLength={MATERIAL_TEXT_MAX}
            placeholder={t('material.textPlaceholder')}
            data-testid="material-text"
          />
        </Form.Item>
      )
    case 'image':
    case 'gif':
    case 'video':
      return (
        <>
          {file}
          {usage === 'message' && caption}
        </>
      )
    case 'voice':
      return file
    case 'file':
      return (
        <>
          {file}
          <Form.Item
            name="fileName"
            label={t('material.fileName')}
            required
            rules={contentRule('file', 'fileName')}
          >
            <Input maxLength={MATERIAL_FILE_NAME_MAX} data-testid="material-file-name" />
          </Form.Item>
          {caption}
        </>
      )
    case 'location':
      return (
        <>
          <Row gutter={12}>
            <Col span={12}>
              <Form.Item
                name="latitude"
                label={t('material.latitude')}
                required
                rules={contentRule('location', 'latitude')}
              >
                <InputNumber
                  style={{ width: '100%' }}
                  step={0.000001}
                  placeholder="22.543096"
                  data-testid="material-latitude"
                />
              </Form.Item>
            </Col>
            <Col span={12}>
              <Form.Item
                name="longitude"
                label={t('material.longitude')}
                required
                rules={contentRule('location', 'longitude')}
              >
                <InputNumber
                  style={{ width: '100%' }}
                  step={0.000001}
                  placeholder="114.057865"
                  data-testid="material-longitude"
                />
              </Form.Item>
            </Col>
          </Row>
          <Form.Item
            name="locationName"
            label={t('material.locationName')}
            rules={contentRule('location', 'locationName')}
          >
            <Input maxLength={200} data-testid="material-location-name" />
          </Form.Item>
          <Form.Item name="address" label={t('material.address')} rules={contentRule('location', 'address')}>
            <Input maxLength={500} data-testid="material-address" />
          </Form.Item>
        </>
      )
    case 'card':
      return (
        <>
          <Form.Item
            name="contactName"
            label={t('material.contactName')}
            required
            rules={contentRule('card', 'contactName')}
          >
            <Input showCount maxLength={MATERIAL_CONTACT_NAME_MAX} data-testid="material-contact-name" />
          </Form.Item>
          <Form.Item
            name="contactPhone"
            label={t('material.contactPhone')}
            required
            rules={contentRule('card', 'contactPhone')}
          >
            <Input placeholder={t('material.contactPhonePlaceholder')} data-testid="material-contact-phone" />
          </Form.Item>
        </>
      )
    case 'link':
      return (
        <>
          <Form.Item name="title" label={t('material.title')} required rules={contentRule('link', 'title')}>
            <Input showCount maxLength={MATERIAL_TITLE_MAX} data-testid="material-title" />
          </Form.Item>
          <Form.Item name="link" label={t('material.link')} required rules={contentRule('link', 'link')}>
            <Input
              showCount
              maxLength={MATERIAL_LINK_MAX}
              placeholder="https://"
              data-testid="material-link"
            />
          </Form.Item>
          <Form.Item name="text" label={t('material.linkText')} rules={contentRule('link', 'text')}>
            <Input.TextArea
              autoSize={{ minRows: 2, maxRows: 6 }}
              showCount
              maxLength={MATERIAL_TEXT_MAX}
              data-testid="material-link-text"
            />
          </Form.Item>
          {file}
        </>
      )
    default:
      return null
  }
}
