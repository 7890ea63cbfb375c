/** Chinese texts of the shared browser helpers (src/lib). */
export const formatTexts = {
  tenThousand: '万',
  monthDay: (month: number, day: number) => `${month}月${day}日`,
  yearsAgo: (years: number) => `${years} 年前`,
};
