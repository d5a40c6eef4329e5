import { ReloadOutlined, SearchOutlined } from '@ant-design/icons'
import { Button, Form, type FormInstance, type FormItemProps, Space } from 'antd'
import { createContext, type ReactNode, useContext } from 'react'
import { useTranslation } from 'react-i18next'

export interface FilterBarProps<V extends object> {
  form: FormInstance<V>
  /** the form's name: it prefixes the controls' ids, so labels point at the right control */
  name: string
  initialValues?: Partial<V>
  onSearch: (values: V) => void
  /** after the fields go back to their first values; by default the search runs with them */
  onReset?: () => void
  /** `FilterItem`s */
  children: ReactNode
  /** the form is `testId`; its buttons `<buttonTestIdPrefix>-submit` and `-reset` unless named */
  testId?: string
  buttonTestIdPrefix?: string
  submitTestId?: string
  resetTestId?: string
}

/** The bar's form name, which antd puts before each control's id. */
const FormName = createContext<string>('')

/**
 * The one filter bar above a list: labelled controls in a row that wraps, then Search and Reset.
 * Reset puts the fields back to their first values and searches with them.
 */
export function FilterBar<V extends object>(props: FilterBarProps<V>) {
  const { t } = useTranslation()
  const { form, testId, buttonTestIdPrefix: prefix } = props
  const reset = () => {
    form.resetFields()
    if (props.onReset) props.onReset()
    else props.onSearch(form.getFieldsValue(true) as V)
  }
  return (
    <Form<V>
      form={form}
      name={props.name}
      layout="inline"
      initialValues={props.initialValues}
      onFinish={props.onSearch}
      style={{ rowGap: 12 }}
      role="search"
      aria-label={t('page.filters')}
      data-testid={testId}
    >
      <FormName.Provider value={props.name}>{props.children}</FormName.Provider>
      <Form.Item style={{ marginInlineEnd: 0 }}>
        <Space wrap>
          <Button
            type="primary"
            htmlType="submit"
            icon={<SearchOutlined />}
            data-testid={props.submitTestId ?? (prefix ? `${prefix}-submit` : undefined)}
          >
            {t('page.search')}
          </Button>
          <Button
            icon={<ReloadOutlined />}
            onClick={reset}
            data-testid={props.resetTestId ?? (prefix ? `${prefix}-reset` : undefined)}
          >
            {t('page.reset')}
          </Button>
        </Space>
      </Form.Item>
    </Form>
  )
}

export interface FilterItemProps extends Omit<FormItemProps, 'label' | 'name'> {
  /** every filter shows its name: a placeholder alone is no label */
  label: string
  name: string
  /** a test id around the control, for a control that puts its own test id on an inner element */
  testId?: string
  children: ReactNode
}

/** One labelled control of a filter bar. */
export function FilterItem({ label, name, testId, children, ...rest }: FilterItemProps) {
  const formName = useContext(FormName)
  if (!testId)
    return (
      <Form.Item label={label} name={name} {...rest}>
        {children}
      </Form.Item>
    )
  // the label still points at the control: antd names it `<form>_<field>`
  return (
    <Form.Item label={label} htmlFor={formName ? `${formName}_${name}` : name}>
      <span data-testid={testId} style={{ display: 'inline-block' }}>
        <Form.Item name={name} noStyle {...rest}>
          {children}
        </Form.Item>
      </span>
    </Form.Item>
  )
}
