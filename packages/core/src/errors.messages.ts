import type { LanguageCode } from './constants.js'
import type { ErrorCodeValue } from './errors.js'

type Messages = Record<LanguageCode, string>

/** The text of each error code, per language (see `ErrorCode`). */
export const errorMessages: Record<ErrorCodeValue, Messages> = {
  0: { zh: '成功', en: 'OK' },
  400: { zh: '请求参数不正确', en: 'The request is not valid' },
  401: { zh: '登录认证已过期，请重新登录', en: 'Your sign-in has expired, please sign in again' },
  403: { zh: '没有权限执行此操作', en: 'You do not have permission to do this' },
  404: { zh: '数据不存在或已被删除', en: 'Not found, or already deleted' },
  409: { zh: '数据已存在', en: 'It already exists' },
  413: { zh: '请求内容过大', en: 'The request is too large' },
  415: {
    zh: '请求格式不正确：请以 JSON 提交，上传文件请使用表单（multipart/form-data）',
    en: 'Wrong request format: send JSON, or a form (multipart/form-data) to upload a file',
  },
  429: { zh: '操作过于频繁，请稍后再试', en: 'Too many requests, please try again later' },
  433: { zh: '主管已经登录到了其他客服台', en: 'A supervisor has signed in at another desk' },
  500: { zh: '系统繁忙，请稍后再试', en: 'Something went wrong, please try again later' },
  1001: { zh: '用户名或密码错误', en: 'Wrong user name or password' },
  1002: { zh: '账号已被停用，请联系管理员', en: 'This account is disabled, contact your administrator' },
  1003: { zh: '企业账号不存在', en: 'No such enterprise account' },
  1004: {
    zh: '该用户名存在于多个企业，请填写目标账号',
    en: 'This user name exists in several companies: enter the target account',
  },
  1005: { zh: '验证失败，请重新拖动滑块', en: 'Verification failed, drag the piece again' },
  1006: { zh: '验证码已过期，请刷新', en: 'The captcha has expired, refresh it' },
  1007: { zh: '密码强度不足', en: 'The password is too weak' },
  1008: { zh: '原密码不正确', en: 'The current password is wrong' },
  1009: {
    zh: '登录失败次数过多，请{minutes}分钟后再试',
    en: 'Too many failed sign-ins, try again in {minutes} minutes',
  },
  1010: {
    zh: '企业信息与登录凭证不一致，请重新登录',
    en: 'The company does not match your sign-in, sign in again',
  },
  1011: { zh: '请先完成滑块验证', en: 'Complete the slider verification first' },
  1012: { zh: '用户名已存在', en: 'This user name is already taken' },
  1013: {
    zh: '滑块验证失败次数过多，请{minutes}分钟后再试',
    en: 'Too many failed slider checks, try again in {minutes} minutes',
  },
  2001: {
    zh: '手机号格式不正确（9-20位数字，含国家区号）',
    en: 'Invalid phone number (9–20 digits with the country code)',
  },
  2002: {
    zh: '代理格式不正确，应为 ip:端口:账号:密码',
    en: 'Invalid proxy: write it as ip:port:account:password',
  },
  2003: {
    zh: '该号码已在本企业或其他企业绑定',
    en: 'This number is already linked in this or another company',
  },
  2004: {
    zh: '没有可用的端口，请购买或续费端口后再登录',
    en: 'No free port: buy or renew a port, then link the account',
  },
  2005: { zh: '该分组下还有账号，不能删除', en: 'This group still has accounts and cannot be deleted' },
  2006: { zh: '分组名称已存在', en: 'A group with this name already exists' },
  2007: {
    zh: '账号未登录，请重新扫码或使用验证码登录',
    en: 'This account is not linked: scan the QR code or use a pairing code',
  },
  2008: { zh: '账号正在登录中，请稍后', en: 'This account is already logging in, please wait' },
  2009: { zh: '登录失败，请重试', en: 'The login failed, please try again' },
  2010: { zh: '账号已被封禁', en: 'This account is banned' },
  2011: { zh: '账号已在线', en: 'This account is already online' },
  2012: { zh: '分享链接无效或已过期', en: 'This share link is invalid or has expired' },
  2013: { zh: '时间范围不正确（最多92天）', en: 'Invalid time range (at most 92 days)' },
  2014: { zh: '导入内容中号码重复', en: 'This number appears twice in the import' },
  2101: {
    zh: '会员已过期，无法发送消息，请联系运营续费',
    en: 'Your subscription has expired: messages cannot be sent. Contact operations to renew',
  },
  2102: { zh: '会话已拉黑，无法发送', en: 'This session is blocked: messages cannot be sent' },
  2103: { zh: '无效客户会话，无法发送', en: 'This is an invalid-customer session: messages cannot be sent' },
  2104: { zh: '发送失败', en: 'Send failed' },
  2105: { zh: '客户已禁用', en: 'This customer is disabled' },
  2106: { zh: '文件不存在，请重新上传', en: 'The file was not found, upload it again' },
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
  2601: {
    zh: '符合条件的客户超过 {max} 个，请缩小筛选范围后再导出',
    en: 'More than {max} customers match: narrow the filter to export them',
  },
  2651: {
    zh: '只有已封号、已退出登录或已删除的账号可以被继承客户',
    en: 'Only a banned, logged-out or deleted account can hand its customers over',
  },
  2652: {
    zh: '接收账号须为本企业另一个未删除、未封号的账号',
    en: 'The receiving account must be another account of yours that is neither deleted nor banned',
  },
  2653: { zh: '接收账号不能与原账号相同', en: 'The receiving account cannot be the same account' },
  2654: { zh: '请选择要继承的客户', en: 'Choose the customers to hand over' },
  2655: { zh: '请选择标签', en: 'Choose the labels' },
  2656: { zh: '没有可继承的客户', en: 'There are no customers to hand over' },
  2751: {
    zh: '开始时间不能晚于结束时间',
    en: 'The start time cannot be after the end time',
  },
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
  2901: {
    zh: '二维码无效（已过期或已被使用）',
    en: 'This QR code is not valid (expired or already used)',
  },
  2902: {
    zh: '配对码错误或已过期，请核对号码和配对码',
    en: 'Wrong or expired pairing code: check the number and the code',
  },
  2903: { zh: '该号码未注册 WhatsApp', en: 'This number is not on WhatsApp' },
  2904: { zh: '该号码已被 WhatsApp 封禁', en: 'This number is banned by WhatsApp' },
  2905: { zh: '该手机已关联 4 台设备，无法再关联', en: 'This phone already has 4 linked devices' },
  2906: { zh: '模拟网络中没有这个号码', en: 'No such phone on the simulated network' },
  2907: { zh: '消息不存在，或不是本机发送的', en: 'No such message sent from this phone' },
  2908: { zh: '群组不存在或邀请链接无效', en: 'No such group, or the invite link is not valid' },
  2909: { zh: '本机不是该群的成员', en: 'This phone is not a member of the group' },
  2910: { zh: '该号码没有关联的设备', en: 'This number has no linked device' },
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
  3161: { zh: 'AI回复未开启', en: 'AI reply not turned on' },
  3162: { zh: '请填写AI服务的API密钥', en: 'Enter the API key of the AI provider' },
  3163: {
    zh: '主管未开放客服导出，请联系主管',
    en: 'Export is not open to agents: ask your supervisor',
  },
  3201: {
    zh: '{name}须在{min}到{max}之间',
    en: '{name} must be between {min} and {max}',
  },
  3202: { zh: '日期范围最多{days}天', en: 'The date range is at most {days} days' },
  3241: { zh: '结束日期不能早于开始日期', en: 'The end date cannot be before the start date' },
  3242: { zh: '统计范围最多{days}天', en: 'The statistics range is at most {days} days' },
  3023: { zh: '操作结果', en: 'Result' },
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
  3261: { zh: '链接无效，请向提供方索取新的链接', en: 'This link is not valid; ask for a new one' },
  3262: { zh: '该链接已被撤销', en: 'This link has been revoked' },
  3263: { zh: '该链接已过期', en: 'This link has expired' },
  3264: { zh: '该链接可接入的号码已满', en: 'This link has reached its quota of numbers' },
  3265: {
    zh: '配额不能少于已接入的号码数（{linked}）',
    en: 'The quota cannot be below the numbers already linked ({linked})',
  },
  3266: { zh: '请选择昵称或头像素材', en: 'Choose a nickname or an avatar material' },
  3267: {
    zh: '素材不可用：请选择已启用的昵称或头像素材',
    en: 'This material cannot be used: choose an enabled nickname or avatar material',
  },
  3268: { zh: '账号不在线，无法修改资料', en: 'The account is not online; its profile cannot be changed' },
  3269: { zh: 'WhatsApp 拒绝了资料修改', en: 'WhatsApp refused the profile change' },
  3270: { zh: '已有同名的订单模板', en: 'An order template with this name already exists' },
  3291: {
    zh: '所选账号不存在或不属于本企业',
    en: 'A chosen account does not exist or is not one of your company’s accounts',
  },
  3292: {
    zh: '文件不可用：图片须为 jpg/png，视频须为 mp4',
    en: 'This file cannot be posted: images are jpg or png, videos mp4',
  },
  3293: { zh: '预约时间已过，请选择将来的时间', en: 'The appointment time has passed: choose a later time' },
  3294: { zh: '该动态已全部发布，无法取消', en: 'This status has already been posted from every account' },
  3295: { zh: '所选企业不存在', en: 'A chosen tenant does not exist' },
  3296: {
    zh: '活跃时间段的开始和结束不能相同',
    en: 'The active hours cannot start and end at the same time',
  },
  3297: {
    zh: '文件格式不符：{accept}',
    en: 'The file is not of the accepted format: {accept}',
  },
  3298: { zh: '文件过大，最大{max}', en: 'The file is too large: at most {max}' },
  3299: {
    zh: '图片、语音和贴纸素材只能修改语言和启用状态',
    en: 'Of an image, voice or sticker material only the language and whether it is used can change',
  },
}

/** Render a catalogue message with `{name}` parameters. */
export function errorMessage(
  code: ErrorCodeValue,
  lang: LanguageCode,
  params?: Record<string, string | number>,
): string {
  const template = errorMessages[code]?.[lang] ?? errorMessages[500][lang]
  return params
    ? template.replace(/\{(\w+)\}/g, (m, k: string) => (k in params ? String(params[k]) : m))
    : template
}
