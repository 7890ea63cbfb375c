/**
 * Plausible Chinese notes for the load benchmark: titles and paragraphs assembled from topic
 * vocabulary and sentence patterns, so that the search index sees real word frequencies
 * (common characters everywhere, topic words in clusters) rather than random characters.
 */

export const TOPICS = {
  ai: [
    '大语言模型',
    '提示词',
    '向量数据库',
    '检索增强生成',
    '微调',
    '推理速度',
    '智能体',
    '多模态',
    '开源模型',
    '知识库',
    '上下文窗口',
    '模型评测',
    '代码助手',
    '语音识别',
    '图像生成',
    'AI',
    'GPT',
    'Transformer',
  ],
  coding: [
    'TypeScript',
    'Rust',
    'Go',
    'React',
    '数据库',
    '索引',
    '缓存',
    '并发',
    '单元测试',
    '重构',
    '接口设计',
    '性能优化',
    '部署',
    '容器',
    '编程',
    '算法',
    '前端',
    '后端',
    '命令行',
    'Git',
  ],
  design: [
    '配色',
    '字体',
    '排版',
    '组件库',
    '图标',
    '交互',
    '动效',
    '留白',
    '网格系统',
    '无障碍',
    '设计系统',
    '用户体验',
    '原型',
    '插画',
    '设计',
  ],
  life: [
    '咖啡',
    '周末',
    '旅行',
    '读书',
    '跑步',
    '做饭',
    '收纳',
    '早起',
    '城市',
    '散步',
    '生活',
    '健身',
    '植物',
    '播客',
    '手账',
  ],
  photo: [
    '长曝光',
    '光圈',
    '快门',
    '构图',
    '夜景',
    '人像',
    '胶片',
    '调色',
    '街拍',
    '逆光',
    '摄影',
    '镜头',
    '三脚架',
    '风光',
    '黑白照片',
  ],
} as const;
export type Topic = keyof typeof TOPICS;
export const TOPIC_NAMES = Object.keys(TOPICS) as Topic[];

export const TITLES = [
  '{a}入门：从{b}到{c}',
  '我用{a}做了一个小项目',
  '关于{a}的五个经验',
  '{a}实践笔记',
  '聊聊{a}和{b}',
  '一次{a}踩坑记录',
  '新手也能看懂的{a}',
  '{a}、{b}与{c}：我的年度总结',
  '为什么我开始重视{a}',
  '{a}清单：收藏这一篇就够了',
];

export const SENTENCES = [
  '最近在研究{a}，发现它和{b}的关系比想象中更紧密。',
  '很多人觉得{a}很难，其实只要先弄清楚{b}就好。',
  '我的做法是先从{a}开始，再慢慢加入{b}。',
  '如果只记住一件事，那就是{a}比{b}更重要。',
  '这次尝试了新的{a}方案，效果比预期好很多。',
  '回头看，当初在{a}上花的时间非常值得。',
  '和朋友讨论{a}的时候，他提到了{b}，给了我很大启发。',
  '文档里关于{a}的部分写得很清楚，建议先读一遍。',
  '遇到问题不要急，先把{a}的现象记录下来。',
  '{a}没有标准答案，适合自己的才是最好的。',
  '周末花了半天整理{a}的资料，顺手做了一份笔记。',
  '第一次接触{b}的时候，我完全不知道{a}是什么。',
  '把{a}拆成小步骤之后，每一步都变得简单了。',
  '有读者问我{a}该怎么选，我的建议是先看需求。',
  '用了一个月{a}，最大的变化是节奏慢了下来。',
  '这里有一个小技巧：先处理{a}，再考虑{b}。',
  '社区里关于{a}的讨论很多，质量参差不齐。',
  '我把常用的{a}技巧整理成了清单，放在文末。',
  '坚持每天练习{a}，三个月后回头看进步明显。',
  '别忘了{b}，它往往是{a}成败的关键。',
];

/** A small deterministic generator (same seed, same text). */
export function createRandom(seed: number) {
  let state = seed >>> 0 || 1;
  const next = () => {
    state ^= state << 13;
    state ^= state >>> 17;
    state ^= state << 5;
    return (state >>> 0) / 4294967296;
  };
  return {
    next,
    int: (below: number) => Math.floor(next() * below),
    pick: <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)],
  };
}
export type Random = ReturnType<typeof createRandom>;

function fill(template: string, words: readonly string[], random: Random): string {
  return template.replace(/\{([abc])\}/g, () => random.pick(words));
}

export interface GeneratedNote {
  topic: Topic;
  title: string;
  content: string;
  tags: string[];
}

/** A note of 3–5 paragraphs (about 300–700 characters) on one topic. */
export function generateNote(random: Random): GeneratedNote {
  const topic = random.pick(TOPIC_NAMES);
  const words = TOPICS[topic];
  const paragraphs = Array.from({ length: 3 + random.int(3) }, () =>
    Array.from({ length: 2 + random.int(3) }, () =>
      fill(random.pick(SENTENCES), words, random),
    ).join(''),
  );
  return {
    topic,
    title: fill(random.pick(TITLES), words, random),
    content: paragraphs.join('\n\n'),
    tags: [random.pick(words), random.pick(words)].filter(
      (tag, index, all) => all.indexOf(tag) === index,
    ),
  };
}
