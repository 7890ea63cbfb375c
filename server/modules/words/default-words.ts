/**
 * The list a new site starts with (migration 009 stores it); admins edit it at /admin/words.
 * Kept short and uncontroversial: spam, fraud and illegal trade that no note needs.
 */
export const DEFAULT_SENSITIVE_WORDS = [
  '赌博网站',
  '网络博彩',
  '六合彩',
  '代开发票',
  '办假证',
  '刷单兼职',
  '裸聊',
  '迷药',
  '出售枪支',
  '冰毒',
  '海洛因',
  '信用卡套现',
  '高利贷',
  '私服外挂',
  '假币',
] as const;
