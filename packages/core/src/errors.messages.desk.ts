import type { ErrorCatalogue } from './errors.messages.js'

/**
 * The agent desk: sending, labels, materials and translation, sessions and chat, group chats, the
 * customers list, the chat history, order templates, AI reply and the tenant's export switch.
 */
export const deskErrorMessages = {
  2101: {
    zh: '会员已过期，无法发送消息，请联系运营续费',
    en: 'Your subscription has expired: messages cannot be sent. Contact operations to renew',
  },
  2102: { zh: '会话已拉黑，无法发送', en: 'This session is blocked: messages cannot be sent' },
  2103: { zh: '无效客户会话，无法发送', en: 'This is an invalid-customer session: messages cannot be sent' },
  2104: { zh: '发送失败', en: 'Send failed' },
  2105: { zh: '客户已禁用', en: 'This customer is disabled' },
  2106: { zh: '文件不存在，请重新上传', en: 'The file was not found, upload it again' },
  2107: { zh: '客户接收异常', en: 'The customer could not receive the message' },
  2108: { zh: '未知错误', en: 'Unknown error' },
  2201: { zh: '标签名称已存在', en: 'A label with this name already exists' },
  2202: {
    zh: '只能给自己会话中的客户打标签',
    en: 'You can only label customers of your own sessions',
  },
  2210: { zh: '素材分组名称已存在', en: 'A material group with this name already exists' },
  2211: { zh: '该分组下还有素材，不能删除', en: 'This group still has materials and cannot be deleted' },
  2212: { zh: '文件大小不能超过10M', en: 'The file must not be larger than 10 MB' },
  2213: {
    zh: '文件格式与所选类型不符，只支持 {accept}',
    en: 'The file does not match the chosen type: only {accept} is accepted',
  },
  2214: {
    zh: '头像图片尺寸不能小于300x300（当前 {width}x{height}）',
    en: 'An avatar must be at least 300x300 (this one is {width}x{height})',
  },
  2215: { zh: '请选择要上传的文件', en: 'Choose a file to upload' },
  2216: { zh: '不能上传可执行文件', en: 'Executable files cannot be uploaded' },
  2217: { zh: '该素材已停用', en: 'This material is disabled' },
  2218: { zh: '只有主管可以管理公共素材', en: 'Only the supervisor can manage public materials' },
  2219: {
    zh: '图片已损坏或无法识别，请重新上传',
    en: 'The image is damaged or cannot be read, upload it again',
  },
  2220: {
    zh: '分组不属于该素材库',
    en: 'This group belongs to another material library',
  },
  2221: {
    zh: '上传的内容不完整或格式错误，请重新选择文件上传',
    en: 'The upload is incomplete or malformed: choose the file and upload it again',
  },
  2222: {
    zh: '企业存储空间已满（上限 {limit}），请删除不再需要的素材后再上传',
    en: "Your company's storage is full ({limit} at most): delete materials you no longer need, then upload again",
  },
  2250: { zh: '翻译失败', en: 'Translation failed' },
  2251: {
    zh: '翻译失败：未配置翻译服务',
    en: 'Translation failed: no translation service is configured',
  },
  2290: {
    zh: '只能以本企业的客服身份进入客服台',
    en: 'You can act only as a customer-service agent of your company',
  },
  2301: {
    zh: '该手机号没有 WS 账号（未注册 WhatsApp）',
    en: 'This phone number has no WhatsApp account',
  },
  2302: { zh: '会话已存在', en: 'This session already exists' },
  2303: {
    zh: '没有可用的在线 WS 账号，请先登录账号',
    en: 'No online WS account to chat from: link an account first',
  },
  2304: {
    zh: '该账号已被移出群聊，无法发送',
    en: 'This account was removed from the group chat: messages cannot be sent',
  },
  2305: { zh: '暂时无法发送消息', en: 'Messages cannot be sent for now' },
  2306: { zh: '发送太频繁，请稍后再试', en: 'Sent too frequently, wait a moment' },
  2307: {
    zh: '撤回失败：只能撤回本方48小时内发出的消息',
    en: 'Withdraw failed: only messages we sent within the last 48 hours can be withdrawn',
  },
  2308: {
    zh: '音频文件已损坏，无法读取时长，请重新录制或上传',
    en: 'The audio file is damaged and its duration cannot be read: record or upload it again',
  },
  2309: {
    zh: '目标客服不存在或已停用',
    en: 'No such agent in your company, or the agent is disabled',
  },
  2310: {
    zh: '只能删除无效客户，请先标记为无效客户',
    en: 'Only invalid customers can be deleted: mark the customer invalid first',
  },
  2311: { zh: '只能重发发送失败的消息', en: 'Only failed messages can be sent again' },
  2312: { zh: '所选 WS 账号不在线', en: 'The chosen WS account is not online' },
  2313: { zh: '语音时长不能超过30分钟', en: 'A voice message is at most 30 minutes long' },
  2314: {
    zh: '服务器未安装媒体转换组件（ffmpeg），暂不能发送 GIF 和录音',
    en: 'The server has no media converter (ffmpeg): GIFs and recordings cannot be sent yet',
  },
  2315: {
    zh: '编辑失败：只能编辑本方已发出的文字消息或图片、视频、文件的说明',
    en: 'Edit failed: only a text or caption we sent can be edited',
  },
  2316: {
    zh: '编辑失败：只能编辑15分钟内发出的消息',
    en: 'Edit failed: only messages sent within the last 15 minutes can be edited',
  },
  2317: {
    zh: '编辑失败：内容包含违禁关键词',
    en: 'Edit failed: the text holds a blocked keyword',
  },
  2401: {
    zh: '只有群主或管理员可以管理群成员或获取群链接',
    en: 'Only the group owner or an admin can manage members or get the group link',
  },
  2402: { zh: '每次最多提交20个群链接，每行一个', en: 'At most 20 group links at a time, one per line' },
  2403: { zh: '请输入群链接，每行一个', en: 'Enter the group links, one per line' },
  2404: { zh: '该 WS 账号已不是此群的成员', en: 'This WS account is no longer a member of the group' },
  2405: { zh: '该群只允许管理员修改群信息', en: "Only admins may edit this group's name and description" },
  2406: {
    zh: '该 WS 账号不存在或不可使用，请选择分配给自己的账号',
    en: 'No such WS account among yours: choose an account assigned to you',
  },
  2407: { zh: '该会话不是群聊', en: 'This session is not a group chat' },
  2408: {
    zh: '群操作提交失败，请稍后重试',
    en: 'The group request could not be submitted, try again later',
  },
  2409: { zh: '群不存在，或该账号已退出此群', en: 'No such group, or the account has left it' },
  2410: { zh: '没有需要修改的内容', en: 'Nothing to change' },
  2411: { zh: '请输入成员手机号', en: "Enter the members' phone numbers" },
  2412: { zh: '每次最多操作50个成员', en: 'At most 50 members at a time' },
  2413: {
    zh: '只有群主或管理员可以修改群设置',
    en: 'Only the group owner or an admin can change the group settings',
  },
  2601: {
    zh: '符合条件的客户超过 {max} 个，请缩小筛选范围后再导出',
    en: 'More than {max} customers match: narrow the filter to export them',
  },
  2751: {
    zh: '开始时间不能晚于结束时间',
    en: 'The start time cannot be after the end time',
  },
  2351: {
    zh: '只能提及本企业可使用客服台的成员',
    en: 'Only desk users of your own company can be mentioned',
  },
  2352: {
    zh: '内部备注不会发送给客户，不能撤回、编辑或引用',
    en: 'An internal note is never sent to the customer: it cannot be withdrawn, edited or quoted',
  },
  3161: { zh: 'AI回复未开启', en: 'AI reply not turned on' },
  3162: { zh: '请填写AI服务的API密钥', en: 'Enter the API key of the AI provider' },
  3163: {
    zh: '主管未开放客服导出，请联系主管',
    en: 'Export is not open to agents: ask your supervisor',
  },
  3270: { zh: '已有同名的订单模板', en: 'An order template with this name already exists' },
} satisfies ErrorCatalogue
