/** What a rendered note body says (its own module: the home page's bundle never renders one). */
export const markdownTexts = {
  codeBlock: (language: string) => (language ? `${language} 代码` : '代码'),
} as const;
