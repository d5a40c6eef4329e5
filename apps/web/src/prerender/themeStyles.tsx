import { createCache, extractStyle, StyleProvider } from '@ant-design/cssinjs'
import hash from '@emotion/hash'
import {
  Alert,
  App,
  AutoComplete,
  Avatar,
  Badge,
  Breadcrumb,
  Button,
  Card,
  Checkbox,
  Col,
  Collapse,
  DatePicker,
  Descriptions,
  Divider,
  Drawer,
  Dropdown,
  Empty,
  Flex,
  Form,
  Image,
  Input,
  InputNumber,
  Layout,
  List,
  Mentions,
  Menu,
  Modal,
  Pagination,
  Popconfirm,
  Popover,
  Progress,
  QRCode,
  Radio,
  Result,
  Row,
  Segmented,
  Select,
  Skeleton,
  Space,
  Spin,
  Statistic,
  Switch,
  Table,
  Tabs,
  Tag,
  Timeline,
  TimePicker,
  Tooltip,
  Typography,
  Upload,
} from 'antd'
import type { ReactElement } from 'react'
import { renderToString } from 'react-dom/server'
import { AppProviders } from '../app/AppProviders'

const CACHE_PATH_STYLE = /<style data-ant-cssinjs-cache-path[^>]*>.*?<\/style>/
const TOKEN_STYLE = / data-token-hash="([^"]+)" data-css-hash="[^"]+"/g

/**
 * The style elements antd adds to the page for what a drawing used: the theme's tokens and the
 * components' CSS variables. antd names the tokens' element by its variables' class when it looks
 * for it in the page, but by the tokens' own key when it draws it ahead, so it is renamed here: under
 * its own name antd would add it a second time, changing the page's styles just after the first paint.
 */
export function drawnStyles(
  cache: ReturnType<typeof createCache>,
  types: ('cssVar' | 'style')[] = ['cssVar', 'style'],
): string {
  const tokens = extractStyle(cache, { types: 'token' })
    .replace(CACHE_PATH_STYLE, '')
    .replace(
      TOKEN_STYLE,
      (_, key: string) => ` data-token-hash="${key}" data-css-hash="${hash(`css-var-${key}`)}"`,
    )
  const components = extractStyle(cache, { types })
  return tokens + (types.includes('style') ? components : components.replace(CACHE_PATH_STYLE, ''))
}

const child = <span />

/**
 * One of each antd component the console draws, as the pages use them, for their CSS variables
 * (a component registers its popup's variables with its own, so the popups are drawn closed).
 */
const COMPONENTS: ReactElement[] = [
  <Alert key="alert" title="" />,
  <App key="app" />,
  <AutoComplete key="auto-complete" options={[{ value: 'a' }]} />,
  <Avatar key="avatar" />,
  <Avatar.Group key="avatar-group" />,
  <Badge key="badge" count={1} />,
  <Badge key="badge-dot" dot />,
  <Breadcrumb key="breadcrumb" items={[{ title: 'a' }]} />,
  <Button key="button" />,
  <Card key="card" title="a" />,
  <Checkbox key="checkbox" />,
  <Checkbox.Group key="checkbox-group" options={['a']} />,
  <Collapse key="collapse" items={[{ key: 'a', label: 'a', children: 'a' }]} />,
  <Row key="row">
    <Col span={1} />
  </Row>,
  <DatePicker key="date-picker" />,
  <DatePicker.RangePicker key="range-picker" />,
  <Descriptions key="descriptions" items={[{ key: 'a', label: 'a', children: 'a' }]} />,
  <Divider key="divider" />,
  <Drawer key="drawer" />,
  <Dropdown key="dropdown" menu={{ items: [{ key: 'a', label: 'a' }] }}>
    {child}
  </Dropdown>,
  <Empty key="empty" />,
  <Empty key="empty-simple" image={Empty.PRESENTED_IMAGE_SIMPLE} />,
  <Flex key="flex" />,
  <Form key="form">
    <Form.Item label="a" name="a" rules={[{ required: true }]}>
      <Input />
    </Form.Item>
  </Form>,
  <Image key="image" src="data:," />,
  <Input key="input" />,
  <Input.TextArea key="textarea" />,
  <Input.Password key="password" />,
  <Input.Search key="search" />,
  <InputNumber key="input-number" />,
  <Layout key="layout">
    <Layout.Sider />
    <Layout.Header />
    <Layout.Content />
  </Layout>,
  <List key="list" dataSource={['a']} renderItem={(a) => <List.Item>{a}</List.Item>} />,
  <Mentions key="mentions" />,
  <Menu key="menu" items={[{ key: 'a', label: 'a', children: [{ key: 'b', label: 'b' }] }]} />,
  <Menu key="menu-dark" theme="dark" mode="inline" items={[{ key: 'a', label: 'a' }]} />,
  <Modal key="modal" />,
  <Pagination key="pagination" total={100} showSizeChanger showQuickJumper />,
  <Popconfirm key="popconfirm" title="a">
    {child}
  </Popconfirm>,
  <Popover key="popover" content="a">
    {child}
  </Popover>,
  <Progress key="progress" percent={1} />,
  <QRCode key="qrcode" value="a" />,
  <Radio key="radio" />,
  <Radio.Group key="radio-group" optionType="button" options={['a']} />,
  <Result key="result" status="success" />,
  <Segmented key="segmented" options={['a']} />,
  <Select key="select" options={[{ value: 'a' }]} />,
  <Skeleton key="skeleton" active avatar />,
  <Skeleton.Button key="skeleton-button" />,
  <Skeleton.Input key="skeleton-input" />,
  <Skeleton.Image key="skeleton-image" />,
  <Space key="space" />,
  <Space.Compact key="space-compact" />,
  <Spin key="spin" />,
  <Statistic key="statistic" value={1} />,
  <Switch key="switch" />,
  <Table key="table" columns={[{ key: 'a', title: 'a' }]} dataSource={[]} pagination={{ total: 1 }} />,
  <Tabs key="tabs" items={[{ key: 'a', label: 'a' }]} />,
  <Tag key="tag" />,
  <Timeline key="timeline" items={[{ children: 'a' }]} />,
  <TimePicker key="time-picker" />,
  <Tooltip key="tooltip" title="a">
    {child}
  </Tooltip>,
  <Typography.Text key="text" ellipsis={{ tooltip: 'a' }} copyable />,
  <Typography.Title key="title" />,
  <Typography.Paragraph key="paragraph" />,
  <Typography.Link key="link" />,
  <Upload key="upload" />,
  <Upload key="upload-dragger" type="drag" />,
]

/**
 * The theme's tokens and the CSS variables of every component the console draws, as antd's own
 * style elements, for the build to put in the app's page: antd finds them there and adds none of
 * its own while the page loads. Each such addition is a new style sheet, which makes the browser
 * work out the whole page's styles again, in the middle of the desk's first renders.
 */
export function drawThemeStyles(): string {
  const cache = createCache()
  for (const component of COMPONENTS) {
    renderToString(
      <StyleProvider cache={cache}>
        <AppProviders>{component}</AppProviders>
      </StyleProvider>,
    )
  }
  // the variables alone, without the list of drawn styles that comes with antd's other styles
  // (the icons'): antd reads that list and takes it out of the page as it starts
  return drawnStyles(cache, ['cssVar'])
}
