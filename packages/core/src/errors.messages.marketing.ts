import type { ErrorCatalogue } from './errors.messages.js'

/** Marketing: mass send, keyword auto-reply, diversion links and the counter. */
export const marketingErrorMessages = {
  2801: { zh: '只有待执行的任务可以立即开始', en: 'Only a pending task can be started now' },
  2802: { zh: '只有执行中的任务可以暂停', en: 'Only an executing task can be paused' },
  2803: { zh: '只有已暂停的任务可以继续', en: 'Only a paused task can be resumed' },
  2804: { zh: '任务已结束', en: 'This task has already ended' },
  2805: {
    zh: '任务执行中，不能删除，请先暂停或终止',
    en: 'The task is executing and cannot be deleted: pause or terminate it first',
  },
  2806: {
    zh: '企业处于风控中，群发已停止，解除风控后再继续',
    en: 'Your company is under risk control: mass sends are stopped until it is lifted',
  },
  2807: {
    zh: '所选发送账号不存在、不可用或不属于您',
    en: 'A chosen sending account does not exist, cannot be used, or is not yours',
  },
  2808: {
    zh: '所选群组不存在，或不属于您的账号',
    en: 'A chosen group does not exist or is not one of your accounts’ groups',
  },
  2809: {
    zh: '所选素材不存在、已停用或不可使用',
    en: 'A chosen material does not exist, is disabled, or cannot be used',
  },
  2810: { zh: '发送内容中的文件不存在，请重新上传', en: 'A file to send was not found, upload it again' },
  2811: { zh: '没有符合条件的客户', en: 'No customer matches' },
  2812: {
    zh: '无法读取文件，请上传 CSV、TXT 或 XLSX 文件（第一列为手机号）',
    en: 'The file cannot be read: upload a CSV, TXT or XLSX file with the numbers in the first column',
  },
  2813: {
    zh: '任务准备中，不能删除，请先终止',
    en: 'The task is being prepared and cannot be deleted: terminate it first',
  },
  3101: {
    zh: '不能操作其他用户创建的自动回复规则',
    en: 'Auto-reply rules created by another user cannot be operated',
  },
  3102: {
    zh: '客服只能创建个人自动回复规则',
    en: 'Customer service can only create personal auto-reply rules',
  },
  3103: { zh: '所选客服不存在或已停用', en: 'A chosen customer service does not exist or is disabled' },
  3104: { zh: '所选标签不存在', en: 'A chosen label does not exist' },
  3105: {
    zh: '回复内容中的素材不存在或已停用',
    en: 'A material of the reply does not exist or is disabled',
  },
  3131: {
    zh: '所选账号不存在或不属于本企业',
    en: 'A chosen account does not exist or is not one of your company’s accounts',
  },
  3132: { zh: '所选客服没有分配账号', en: 'A chosen agent has no accounts assigned' },
  3133: { zh: '链接不存在', en: 'This link does not exist' },
  3134: { zh: '链接已停用', en: 'This link is disabled' },
  3135: {
    zh: '暂无可用的客服账号，请稍后再试',
    en: 'No account is available right now, please try again later',
  },
  3136: { zh: '分享链接无效、已过期或已撤销', en: 'This share link is invalid, expired or revoked' },
} satisfies ErrorCatalogue
