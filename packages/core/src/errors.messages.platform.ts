import type { ErrorCatalogue } from './errors.messages.js'

/**
 * The platform's side: staff, tenants, orders, ports and seats, agents and their groups; risk
 * management; dashboards.
 */
export const platformErrorMessages = {
  2501: {
    zh: '没有可用的坐席，请购买或续费坐席后再添加客服',
    en: 'No free seat: buy or renew a seat, then add the agent',
  },
  2502: {
    zh: '该用户名下还有客户，不能删除，请先将客户转给其他销售',
    en: 'This user still has customers and cannot be deleted: move them to another seller first',
  },
  2503: {
    zh: '该运营名下还有商务人员，不能删除',
    en: 'This operations user still has salespeople and cannot be deleted',
  },
  2504: {
    zh: '退款金额不能超过已付金额（最多可退 {max}）',
    en: 'The refund cannot be more than was paid (at most {max})',
  },
  2505: {
    zh: '操作后记录 {id} 的结束时间将早于开始时间',
    en: 'Record {id} would end before it starts',
  },
  2506: {
    zh: '只能合并同一客户、同一类型（端口或坐席）的记录',
    en: 'Only records of the same customer and the same kind (port or seat) can be merged',
  },
  2507: { zh: '不能将记录合并到它自己', en: 'A record cannot be merged into itself' },
  2508: {
    zh: '记录 {id} 已退款或已合并，不能再操作',
    en: 'Record {id} was refunded or merged and cannot be changed',
  },
  2509: {
    zh: '您的坐席已到期，无法登录，请联系主管续费坐席',
    en: 'Your seat has expired and you cannot sign in: ask your supervisor to renew it',
  },
  2510: { zh: '该分组下还有客服，不能删除', en: 'This group still has agents and cannot be deleted' },
  2511: { zh: '分组名称已存在', en: 'A group with this name already exists' },
  2512: { zh: '企业账号已存在', en: 'This enterprise account is already taken' },
  2513: {
    zh: '会员结束日期不能早于开始日期',
    en: 'The VIP end date cannot be before its start date',
  },
  2514: {
    zh: '所选销售不存在或不在您的团队中',
    en: 'No such seller in your team',
  },
  2515: {
    zh: '主管账号不能删除，如需停止使用请停用该账号',
    en: 'A supervisor cannot be deleted: disable the account to stop its use',
  },
  2516: { zh: '没有可导出的数据', en: 'No data to export' },
  2517: {
    zh: '时间范围不正确（最多{days}天）',
    en: 'Invalid time range (at most {days} days)',
  },
  2518: {
    zh: '不能停用或删除自己的账号',
    en: 'You cannot disable or delete your own account',
  },
  2519: {
    zh: '所选 WS 账号不存在或不属于本企业',
    en: 'No such WS account in your company',
  },
  2520: {
    zh: '该企业已停用，请联系运营',
    en: 'This company is disabled: contact operations',
  },
  2521: {
    zh: '所选记录必须属于同一客户',
    en: 'The chosen records must belong to one customer',
  },
  3201: {
    zh: '{name}须在{min}到{max}之间',
    en: '{name} must be between {min} and {max}',
  },
  3202: { zh: '日期范围最多{days}天', en: 'The date range is at most {days} days' },
  3241: { zh: '结束日期不能早于开始日期', en: 'The end date cannot be before the start date' },
  3242: { zh: '统计范围最多{days}天', en: 'The statistics range is at most {days} days' },
} satisfies ErrorCatalogue
