import type { ErrorCatalogue } from './errors.messages.js'

/**
 * WS accounts: numbers, proxies, ports, account groups and shares; handing a lost account's
 * customers over; the simulated phone; number-merchant codes and account profiles; status posts
 * and nurturing; the addresses a tenant has the server call or connect through.
 */
export const accountErrorMessages = {
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
  2911: {
    zh: '只能在发送后15分钟内编辑自己的文字或说明',
    en: 'Only your own text or caption can be edited, within 15 minutes of sending',
  },
  3351: {
    zh: '请填写以 http:// 或 https:// 开头、不含用户名和密码的地址',
    en: 'Enter an address starting with http:// or https://, without a user name or password',
  },
  3352: {
    zh: '该地址指向本机或内网，不允许使用',
    en: 'This address points to this machine or a private network and cannot be used',
  },
  3381: {
    zh: '最多保留{max}个有效的 API 密钥，请先撤销不用的密钥',
    en: 'At most {max} API keys can be active: revoke one you no longer use first',
  },
  3382: {
    zh: '最多添加{max}个 Webhook 接收地址',
    en: 'At most {max} webhook endpoints can be added',
  },
  3383: { zh: '该密钥已撤销', en: 'This key has been revoked' },
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
} satisfies ErrorCatalogue
