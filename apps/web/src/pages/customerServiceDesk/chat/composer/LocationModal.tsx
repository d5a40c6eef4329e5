import { Alert, type ButtonProps, Form, Input, InputNumber, Modal, Spin } from 'antd'
import { lazy, Suspense, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useRevalidateOnLanguage } from '../../../../hooks/useRevalidateOnLanguage'
import { validationText } from '../../../../i18n'
import type { LatLng } from './LocationMap'
import { checkContent, type SendFn } from './sendBody'

const LocationMap = lazy(() => import('./LocationMap').then((m) => ({ default: m.LocationMap })))

interface Values {
  latitude: number | null
  longitude: number | null
  name?: string
  address?: string
}

interface Props {
  open: boolean
  onClose(): void
  onSend: SendFn
}

/**
 * A location to send: picked on the map or typed (latitude −90…90, longitude −180…180), with an
 * optional name and address. When the tiles cannot load the dialog says so and typing still works.
 */
export function LocationModal({ open, onClose, onSend }: Props) {
  const { t } = useTranslation()
  const [form] = Form.useForm<Values>()
  useRevalidateOnLanguage(form)
  const [busy, setBusy] = useState(false)
  const [mapFailed, setMapFailed] = useState(false)
  const latitude = Form.useWatch('latitude', form)
  const longitude = Form.useWatch('longitude', form)
  const point: LatLng | null =
    typeof latitude === 'number' && typeof longitude === 'number' ? { lat: latitude, lng: longitude } : null
  const coordinate = (min: number, max: number) => [
    { required: true, message: validationText('material.location') },
    { type: 'number' as const, min, max, message: validationText('material.location') },
  ]

  const submit = async () => {
    let values: Values
    try {
      values = await form.validateFields()
    } catch {
      return
    }
    const content = checkContent(form, {
      type: 'location',
      latitude: values.latitude as number,
      longitude: values.longitude as number,
      ...(values.name?.trim() ? { name: values.name.trim() } : {}),
      ...(values.address?.trim() ? { address: values.address.trim() } : {}),
    })
    if (!content) return
    setBusy(true)
    const sent = await onSend(content)
    setBusy(false)
    if (sent) onClose()
  }

  return (
    <Modal
      open={open}
      title={t('chat.locationForm.title')}
      width={640}
      onCancel={onClose}
      onOk={() => void submit()}
      okText={t('chat.composer.send')}
      cancelText={t('common.cancel')}
      okButtonProps={{ loading: busy, 'data-testid': 'chat-location-submit' } as ButtonProps}
      forceRender
      afterClose={() => {
        form.resetFields()
        setMapFailed(false)
      }}
      modalRender={(node) => <div data-testid="chat-location-dialog">{node}</div>}
    >
      {mapFailed ? (
        <Alert
          type="warning"
          showIcon
          title={t('chat.locationForm.mapFailed')}
          data-testid="chat-map-failed"
        />
      ) : (
        <p className="chat-location-hint">{t('chat.locationForm.pickHint')}</p>
      )}
      <div className="chat-location-map-box">
        {open && (
          <Suspense fallback={<Spin />}>
            <LocationMap
              value={point}
              onPick={(p) => {
                form.setFieldsValue({ latitude: p.lat, longitude: p.lng })
                void form.validateFields(['latitude', 'longitude']).catch(() => undefined)
              }}
              onTilesFailed={() => setMapFailed(true)}
            />
          </Suspense>
        )}
      </div>
      <Form form={form} layout="vertical" autoComplete="off" className="chat-location-form">
        <div className="chat-location-coords">
          <Form.Item name="latitude" label={t('chat.locationForm.latitude')} rules={coordinate(-90, 90)}>
            <InputNumber step={0.000001} style={{ width: '100%' }} data-testid="chat-location-lat" />
          </Form.Item>
          <Form.Item name="longitude" label={t('chat.locationForm.longitude')} rules={coordinate(-180, 180)}>
            <InputNumber step={0.000001} style={{ width: '100%' }} data-testid="chat-location-lng" />
          </Form.Item>
        </div>
        <Form.Item name="name" label={t('chat.locationForm.name')}>
          <Input maxLength={200} data-testid="chat-location-name" />
        </Form.Item>
        <Form.Item name="address" label={t('chat.locationForm.address')}>
          <Input maxLength={500} data-testid="chat-location-address" />
        </Form.Item>
      </Form>
    </Modal>
  )
}
