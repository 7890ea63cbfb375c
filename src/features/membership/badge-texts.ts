/**
 * What the badges beside a name and under a paid note say. They are drawn on the home page, so
 * they live apart from the rest of membershipTexts, which only the membership screens load.
 */
export const badgeTexts = {
  member: '会员',
  memberLabel: '会员，有效期至 {date}',
  active: '会员生效中',
  activeUntil: '会员有效期至 {date}',
  join: '开通会员，全站付费笔记免费读',
  atmosphereValue: '氛围值 {value}',
  atmosphereRules: '氛围值规则',
  purchased: '已购买',
  purchasedAt: '已购买 · {date}',
  memberRead: '会员免费阅读',
} as const;
