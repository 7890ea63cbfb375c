/** Chinese texts of the shared browser helpers (src/lib). */
export const formatTexts = {
  tenThousand: '万',
  monthDay: (month: number, day: number) => `${month}月${day}日`,
  yearsAgo: (years: number) => `${years} 年前`,
};

/** The site's own name and pitch, used in page titles and share cards. */
export const siteTexts = {
  name: '氛围笔记',
  tagline: '国内领先的 Vibe Coding 社区',
  description:
    '氛围笔记是国内领先的 Vibe Coding 社区，为开发者和创作者提供 AI、编程、设计与生活灵感的学习交流环境。',
};
