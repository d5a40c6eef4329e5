export const version = {
  title: '发现新版本 {{version}}',
  newFunction: '新功能',
  bugFix: '问题修复',
  description: '说明',
  reload: '立即更新',
  later: '30分钟内不再提醒',
}
