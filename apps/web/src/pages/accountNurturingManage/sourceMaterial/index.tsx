import { PlusOutlined, UploadOutlined } from '@ant-design/icons'
import {
  errorMessage,
  formatDateTime,
  NURTURING_FILE_EXTENSIONS,
  NURTURING_FILE_MAX_BYTES,
  NURTURING_LANGUAGES,
  NURTURING_MATERIAL_TYPES,
  NURTURING_TEXT_MAX,
  type NurturingFileType,
  type NurturingLanguage,
  type NurturingMaterialType,
  type NurturingMaterialView,
  nurturingFileVerdict,
  nurturingMaterialCreateBody,
} from '@app/core'
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import {
  App,
  Button,
  Flex,
  Form,
  Image,
  Input,
  Modal,
  Popconfirm,
  Radio,
  Select,
  Switch,
  Tag,
  Typography,
  Upload,
  type UploadFile,
} from 'antd'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useObjectUrl } from '../../../components/material/useMaterialFile'
import { DataTable } from '../../../components/page/DataTable'
import { EmptyState, NoMatches } from '../../../components/page/EmptyState'
import { FilterBar, FilterItem } from '../../../components/page/FilterBar'
import { PageFrame } from '../../../components/page/PageFrame'
import { actionsWidth, type PageColumn } from '../../../components/page/tableColumns'
import { currentLanguage } from '../../../i18n'
import { zodRule } from '../../../utils/formRules'
import {
  createMaterial,
  deleteMaterial,
  fetchMaterialFile,
  pageMaterials,
  updateMaterial,
  updateMaterialFile,
  uploadMaterial,
} from '../api'

interface FormValues {
  type: NurturingMaterialType
  language: NurturingLanguage
  text: string
  files?: UploadFile[]
  enabled: boolean
}

interface MaterialFilters {
  language?: NurturingLanguage
}

const fileOf = (files: UploadFile[] | undefined): File | undefined => files?.[0]?.originFileObj

const isFileType = (t: NurturingMaterialType): t is NurturingFileType => t !== 'text'

/**
 * The server's checks of a material file (`nurturingFileVerdict` of packages/core), run before
 * uploading so the admin learns at once, in the server's words.
 */
async function checkFile(file: File, type: NurturingFileType): Promise<string | null> {
  const readable = file.size > NURTURING_FILE_MAX_BYTES[type] ? file.slice(0, 16) : file
  const verdict = nurturingFileVerdict(type, new Uint8Array(await readable.arrayBuffer()), file.size)
  return verdict.ok ? null : errorMessage(verdict.code, currentLanguage(), verdict.params)
}

/** A file material's preview: the image or sticker as a thumbnail, the voice note as a player. */
function FilePreview({ row }: { row: NurturingMaterialView }) {
  const { t } = useTranslation()
  const file = useQuery({
    queryKey: ['nurturing', 'materialFile', row.id],
    queryFn: () => fetchMaterialFile(row.id),
    staleTime: Number.POSITIVE_INFINITY,
    retry: false,
  })
  const url = useObjectUrl(file.data ?? null)
  if (!url) return <Typography.Text type="secondary">{file.isError ? '—' : '…'}</Typography.Text>
  if (row.type === 'voice')
    return (
      <audio
        controls
        src={url}
        style={{ height: 32, maxWidth: 260 }}
        data-testid={`nurturing-audio-${row.id}`}
      />
    )
  return (
    <Image
      src={url}
      width={56}
      height={56}
      style={{ objectFit: 'contain', background: row.type === 'sticker' ? 'transparent' : '#f1f5f9' }}
      alt={t(`nurturing.material.types.${row.type}`)}
      data-testid={`nurturing-thumb-${row.id}`}
    />
  )
}

/** /accountNurturingManage/sourceMaterial (admin): the texts nurturing conversations draw from, by language. */
export default function NurturingMaterialPage() {
  const { t } = useTranslation()
  const { message } = App.useApp()
  const queryClient = useQueryClient()
  const offset = -new Date().getTimezoneOffset()
  const [query, setQuery] = useState<{ pageNo: number; pageSize: number; language?: NurturingLanguage }>({
    pageNo: 1,
    pageSize: 10,
  })
  const [editing, setEditing] = useState<NurturingMaterialView | null>(null)
  const [open, setOpen] = useState(false)
  const [form] = Form.useForm<FormValues>()
  const [filterForm] = Form.useForm<MaterialFilters>()

  const page = useQuery({
    queryKey: ['nurturing', 'materials', query],
    queryFn: () => pageMaterials(query),
    placeholderData: keepPreviousData,
  })
  const refresh = () => queryClient.invalidateQueries({ queryKey: ['nurturing', 'materials'] })
  const type = Form.useWatch('type', form) ?? 'text'
  const save = useMutation({
    mutationFn: (v: FormValues) => {
      if (editing && isFileType(editing.type))
        return updateMaterialFile({ id: editing.id, language: v.language, enabled: v.enabled })
      const file = fileOf(v.files)
      if (isFileType(v.type) && file)
        return uploadMaterial({
          file,
          fileName: file.name,
          type: v.type,
          language: v.language,
          enabled: v.enabled,
        })
      const body = { language: v.language, text: v.text, enabled: v.enabled, type: 'text' as const }
      return editing ? updateMaterial({ ...body, id: editing.id }) : createMaterial(body)
    },
    onSuccess: () => {
      message.success(t('common.saved'))
      setOpen(false)
      return refresh()
    },
  })
  const remove = useMutation({
    mutationFn: deleteMaterial,
    onSuccess: () => {
      message.success(t('common.deleted'))
      return refresh()
    },
  })

  const openForm = (row: NurturingMaterialView | null) => {
    setEditing(row)
    form.setFieldsValue(
      row
        ? { type: row.type, language: row.language, text: row.text, enabled: row.enabled, files: [] }
        : { type: 'text', language: query.language ?? 'en', text: '', enabled: true, files: [] },
    )
    setOpen(true)
  }
  const languages = NURTURING_LANGUAGES.map((l) => ({ value: l, label: t(`nurturing.languages.${l}`) }))

  const columns: PageColumn<NurturingMaterialView>[] = [
    {
      key: 'language',
      title: t('nurturing.material.language'),
      dataIndex: 'language',
      width: 120,
      render: (l: string) => <Tag>{t(`nurturing.languages.${l}`)}</Tag>,
    },
    {
      key: 'type',
      title: t('nurturing.material.type'),
      dataIndex: 'type',
      width: 90,
      render: (v: string) => t(`nurturing.material.types.${v}`),
      filters: NURTURING_MATERIAL_TYPES.map((x) => ({
        text: t(`nurturing.material.types.${x}`),
        value: x,
      })),
      onFilter: (value, row) => row.type === value,
    },
    {
      key: 'text',
      title: t('nurturing.material.text'),
      dataIndex: 'text',
      ellipsis: true,
      tooltip: (row) => (row.type === 'text' ? row.text : null),
      render: (v: string, row) => (row.type === 'text' ? v : <FilePreview row={row} />),
    },
    {
      key: 'enabled',
      title: t('nurturing.material.enabled'),
      dataIndex: 'enabled',
      width: 90,
      render: (v: boolean) => (v ? t('common.yes') : t('common.no')),
    },
    {
      key: 'updatedAt',
      title: t('nurturing.material.updatedAt'),
      dataIndex: 'updatedAt',
      width: 170,
      render: (v: number) => formatDateTime(v, offset),
    },
    {
      key: 'actions',
      title: t('common.actions'),
      actions: true,
      width: actionsWidth([t('common.edit'), t('common.delete')]),
      render: (_, row) => (
        <Flex gap={4} wrap={false}>
          <Button type="link" size="small" onClick={() => openForm(row)}>
            {t('common.edit')}
          </Button>
          <Popconfirm
            title={t('nurturing.material.deleteConfirm')}
            onConfirm={() => remove.mutateAsync(row.id)}
          >
            <Button type="link" size="small" danger>
              {t('common.delete')}
            </Button>
          </Popconfirm>
        </Flex>
      ),
    },
  ]
  const search = (v: MaterialFilters) => setQuery((q) => ({ ...q, pageNo: 1, language: v.language }))
  const openCreate = () => openForm(null)

  return (
    <PageFrame
      title={t('menu.nurturingSourceMaterial')}
      actions={
        <Button
          type="primary"
          icon={<PlusOutlined />}
          onClick={openCreate}
          data-testid="nurturing-material-create"
        >
          {t('nurturing.material.create')}
        </Button>
      }
    >
      <FilterBar<MaterialFilters>
        form={filterForm}
        name="nurturing-material-filters"
        onSearch={search}
        buttonTestIdPrefix="nurturing-material-filter"
      >
        <FilterItem name="language" label={t('nurturing.material.language')}>
          <Select
            allowClear
            style={{ width: 200 }}
            placeholder={t('nurturing.material.allLanguages')}
            options={languages}
            // a choice lists its material at once, as the search would
            onChange={() => filterForm.submit()}
            data-testid="nurturing-material-language"
          />
        </FilterItem>
      </FilterBar>
      <DataTable<NurturingMaterialView>
        rowKey="id"
        loading={page.isFetching && !page.data}
        dataSource={page.data?.list ?? []}
        columns={columns}
        empty={
          query.language ? (
            <NoMatches
              onClear={() => {
                filterForm.resetFields()
                search({})
              }}
            />
          ) : (
            <EmptyState
              title={t('nurturing.material.empty')}
              hint={t('nurturing.material.emptyHint')}
              action={{ label: t('nurturing.material.create'), onClick: openCreate }}
            />
          )
        }
        data-testid="nurturing-materials"
        pagination={{
          current: query.pageNo,
          pageSize: query.pageSize,
          total: page.data?.total ?? 0,
          onChange: (pageNo, pageSize) => setQuery((q) => ({ ...q, pageNo, pageSize })),
        }}
      />
      <Modal
        open={open}
        title={editing ? t('nurturing.material.edit') : t('nurturing.material.create')}
        onCancel={() => setOpen(false)}
        onOk={() =>
          form
            .validateFields()
            .then((v) => save.mutateAsync(v))
            .catch(() => undefined)
        }
        confirmLoading={save.isPending}
        destroyOnHidden
        forceRender
      >
        <Form<FormValues> form={form} layout="vertical">
          <Form.Item
            name="language"
            label={t('nurturing.material.language')}
            required
            rules={[zodRule(nurturingMaterialCreateBody.shape.language)]}
          >
            <Select options={languages} />
          </Form.Item>
          <Form.Item name="type" label={t('nurturing.material.type')} required>
            <Radio.Group
              disabled={editing !== null}
              optionType="button"
              options={NURTURING_MATERIAL_TYPES.map((x) => ({
                value: x,
                label: t(`nurturing.material.types.${x}`),
              }))}
              onChange={() => form.setFieldValue('files', [])}
              data-testid="nurturing-material-type"
            />
          </Form.Item>
          {type === 'text' ? (
            <Form.Item
              name="text"
              label={t('nurturing.material.text')}
              required
              rules={[zodRule(nurturingMaterialCreateBody.shape.text)]}
            >
              <Input.TextArea
                rows={4}
                maxLength={NURTURING_TEXT_MAX}
                showCount
                data-testid="nurturing-material-text"
              />
            </Form.Item>
          ) : editing ? (
            <Form.Item label={t('nurturing.material.file')} extra={t('nurturing.material.fileOnlyHint')}>
              <FilePreview row={editing} />
            </Form.Item>
          ) : (
            <Form.Item
              name="files"
              label={t('nurturing.material.file')}
              extra={t('nurturing.material.fileHint')}
              required
              valuePropName="fileList"
              getValueFromEvent={(e: { fileList: UploadFile[] }) => e.fileList}
              rules={[
                {
                  validator: async (_, files: UploadFile[] | undefined) => {
                    const file = fileOf(files)
                    if (!file) throw new Error(t('nurturing.material.fileRequired'))
                    if (!isFileType(type)) return
                    const problem = await checkFile(file, type)
                    if (problem) throw new Error(problem)
                  },
                },
              ]}
            >
              <Upload
                accept={isFileType(type) ? NURTURING_FILE_EXTENSIONS[type] : undefined}
                beforeUpload={() => false}
                maxCount={1}
                data-testid="nurturing-material-file"
              >
                <Button icon={<UploadOutlined />}>{t('nurturing.material.upload')}</Button>
              </Upload>
            </Form.Item>
          )}
          <Form.Item name="enabled" label={t('nurturing.material.enabled')} valuePropName="checked">
            <Switch />
          </Form.Item>
        </Form>
      </Modal>
    </PageFrame>
  )
}
