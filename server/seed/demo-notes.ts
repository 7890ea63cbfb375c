import type { DemoCover } from './demo-covers.ts';
import type { Aspect, PaletteName } from './demo-images.ts';

/** A demo note: its author is an index into DEMO_USERS. */
export interface DemoNote {
  author: number;
  category: PaletteName;
  title: string;
  content: string;
  tags: string[];
  images: Aspect[];
  /** How long ago it was published. */
  daysAgo: number;
  /** Demo readers (indexes into DEMO_USERS) who liked / saved it. */
  likedBy: number[];
  savedBy: number[];
  comments: { by: number; text: string; reply?: { by: number; text: string } }[];
  /** How the first picture is drawn (demo-covers.ts); none: an abstract picture. */
  cover?: DemoCover;
  /** Left in the review queue so the admin page has work. */
  pending?: boolean;
}

export const DEMO_NOTES: DemoNote[] = [
  {
    author: 0,
    category: 'ai',
    title: '用 AI 结对编程一个月，我的工作流变了什么',
    content: `一个月前我开始让 AI 助手参与每天的编码。结论先说：**它不是替代，而是放大**。

## 真正省时间的地方

- 写测试：把函数签名和边界条件描述清楚，测试草稿几秒钟就出来了；
- 读陌生代码：让它先讲一遍模块之间的关系，再自己细看；
- 重构命名：一次性列出候选名字，比自己憋半天强。

## 仍然需要人的地方

需求的取舍、接口的形状、什么时候**不写代码**——这些判断依旧是我们的工作。

> 把 AI 当成一个读过很多代码、但不了解你项目的新同事。`,
    tags: ['AI', '编程', '效率'],
    images: ['3:4', '1:1'],
    cover: { kind: 'text', style: 'night' },
    daysAgo: 1,
    likedBy: [1, 2, 3],
    savedBy: [1, 3],
    comments: [
      {
        by: 1,
        text: '“不写代码”这一点太认同了。',
        reply: { by: 0, text: '是的，删代码才是最爽的。' },
      },
      { by: 3, text: '求分享一下你常用的提示词模板！' },
    ],
  },
  {
    author: 1,
    category: 'coding',
    title: 'TypeScript 类型体操入门：从 Pick 到条件类型',
    content: `很多人觉得类型体操很玄，其实从几个内置工具类型读起就好。

\`\`\`ts
type MyPick<T, K extends keyof T> = { [P in K]: T[P] };

type IsString<T> = T extends string ? true : false;
type A = IsString<'vibe'>; // true
\`\`\`

**映射类型**负责“遍历键”，**条件类型**负责“分支判断”，再加上 \`infer\` 提取类型，就覆盖了日常九成的需求。

练习建议：每天手写一个内置工具类型，一周后你会发现 \`ReturnType\` 也没那么神秘。`,
    tags: ['TypeScript', '编程'],
    images: ['16:9'],
    cover: { kind: 'code' },
    daysAgo: 2,
    likedBy: [0, 2],
    savedBy: [0],
    comments: [{ by: 0, text: 'infer 那块能再展开讲讲吗？' }],
  },
  {
    author: 2,
    category: 'design',
    title: '一套够用的中文界面字号规范',
    content: `做中文界面，字号比英文更需要克制。我目前的默认值：

| 用途 | 字号 | 行高 |
| --- | --- | --- |
| 正文 | 15–16 px | 1.75 |
| 卡片标题 | 14–15 px | 1.5 |
| 辅助说明 | 12–13 px | 1.5 |

中文字符方正、笔画多，行高给足才不会显得拥挤。标题**最多两行**，超出用省略号，比缩小字号更体面。`,
    tags: ['设计', '字体', '界面'],
    images: ['4:3', '3:4'],
    cover: { kind: 'text', style: 'cream' },
    daysAgo: 3,
    likedBy: [0, 1, 3],
    savedBy: [0, 1, 3],
    comments: [{ by: 3, text: '收藏了，下个项目直接用。' }],
  },
  {
    author: 3,
    category: 'life',
    title: '周末在咖啡馆做完了一个小工具',
    content: `上周六找了家安静的咖啡馆，三个小时做完了一个记账小工具：输入一句话，比如“午饭 32 元”，自动归类。

最大的感受是：**小项目最重要的是能做完**。功能砍到只剩一个，反而每天都在用。

下一步想加一个月度汇总图表，欢迎推荐好用的图表库。`,
    tags: ['生活', '独立开发'],
    images: ['1:1'],
    cover: { kind: 'text', style: 'lemon' },
    daysAgo: 4,
    likedBy: [0, 2],
    savedBy: [],
    comments: [
      { by: 2, text: '这家咖啡馆在哪儿？', reply: { by: 3, text: '在老城区，回头私信你。' } },
    ],
  },
  {
    author: 0,
    category: 'photo',
    title: '城市夜景摄影：三脚架、长曝光和一点耐心',
    content: `拍夜景的三个习惯，分享给刚入门的朋友：

1. **三脚架**是第一生产力，快门 2–10 秒都很稳；
2. ISO 尽量压低，宁可延长曝光；
3. 等“蓝调时刻”——日落后二十分钟，天空还有颜色，灯光刚亮起来。

这组是在江边拍的，后期只调了白平衡和一点对比度。`,
    tags: ['摄影', '夜景'],
    images: ['3:4', '9:16', '4:3'],
    daysAgo: 5,
    likedBy: [1, 2, 3],
    savedBy: [2],
    comments: [{ by: 2, text: '蓝调时刻的颜色太美了。' }],
  },
  {
    author: 1,
    category: 'coding',
    title: 'Rust 所有权，用借书来理解',
    content: `把变量想成一本书：

- **所有权**：书是你的，你可以送人（move），送出去就不归你了；
- **不可变借用**：好几个人可以同时借去看（&T）；
- **可变借用**：只能一个人借去写批注（&mut T），这时别人都不能看。

\`\`\`rust
let book = String::from("vibe");
let reader = &book;      // 借去看
println!("{}", reader);
let owner = book;        // 送人，之后 book 不能再用
\`\`\`

编译器就是那位严格的图书管理员。`,
    tags: ['Rust', '编程'],
    images: ['4:3'],
    cover: { kind: 'code' },
    daysAgo: 6,
    likedBy: [0, 3],
    savedBy: [0, 2],
    comments: [],
  },
  {
    author: 2,
    category: 'design',
    title: '配色不用愁：一个主色加三档中性色',
    content: `很多界面显得乱，是因为颜色太多。试试这个极简方案：

- 一个**品牌主色**，只用在按钮、选中态和链接；
- 三档**中性色**：页面背景、卡片表面、边框；
- 红色只留给危险操作和未读角标。

暗色模式下，卡片不要阴影，用边框区分层级，会干净很多。`,
    tags: ['设计', '配色'],
    images: ['1:1', '1:1'],
    cover: { kind: 'text', style: 'rose' },
    daysAgo: 7,
    likedBy: [0, 1],
    savedBy: [1],
    comments: [{ by: 0, text: '暗色模式用边框这一点学到了。' }],
  },
  {
    author: 0,
    category: 'ai',
    title: '用向量数据库搭一个本地知识库问答',
    content: `周末用开源模型加向量数据库，做了一个能回答自己笔记的问答机器人。流程很简单：

1. 把笔记切成段落，生成向量；
2. 提问时先检索最相近的几段；
3. 把检索结果和问题一起交给大语言模型。

这就是常说的 **RAG（检索增强生成）**。最大的坑是切分粒度：段落太长，检索不准；太短，上下文不够。`,
    tags: ['AI', 'RAG', '向量数据库'],
    images: ['16:9', '4:3'],
    cover: { kind: 'text', style: 'sky' },
    daysAgo: 8,
    likedBy: [1, 2, 3],
    savedBy: [1, 2, 3],
    comments: [
      {
        by: 1,
        text: '切分用多大的窗口？',
        reply: { by: 0, text: '目前 500 字左右，重叠 50 字。' },
      },
    ],
  },
  {
    author: 3,
    category: 'life',
    title: '产品经理的一天：少开会，多写文档',
    content: `最近尝试把周会改成异步文档，效果意外地好：

- 每个人周五前写三行：**做了什么、卡在哪、下周做什么**；
- 有争议的话题单独约 15 分钟；
- 会议纪要直接写进文档评论。

省下来的时间，终于可以好好看用户反馈了。`,
    tags: ['生活', '产品'],
    images: ['3:4'],
    cover: { kind: 'text', style: 'mint' },
    daysAgo: 9,
    likedBy: [1],
    savedBy: [0],
    comments: [],
  },
  {
    author: 1,
    category: 'coding',
    title: '写给新手的 Git 分支习惯',
    content: `三条就够用：

\`\`\`bash
git switch -c feature/login   # 一个功能一个分支
git commit -m "登录：记住上次的用户名"
git rebase main               # 合并前先同步主干
\`\`\`

提交信息写**做了什么、为什么**，别写“修改了一些东西”。半年后的你会感谢现在的你。`,
    tags: ['Git', '编程'],
    images: ['16:9'],
    cover: { kind: 'code' },
    daysAgo: 10,
    likedBy: [0, 2, 3],
    savedBy: [3],
    comments: [{ by: 3, text: '“修改了一些东西”说的就是我 😂' }],
  },
  {
    author: 2,
    category: 'photo',
    title: '胶片感调色的三个小技巧',
    content: `不用滤镜也能调出胶片感：

- 暗部稍微抬起来，不要纯黑；
- 高光压一点，给画面留“空气”；
- 阴影偏青、高光偏暖，颜色就有层次了。

这组是在海边拍的，阴天反而更出片。`,
    tags: ['摄影', '调色'],
    images: ['4:3', '3:4'],
    daysAgo: 11,
    likedBy: [0, 3],
    savedBy: [0],
    comments: [],
  },
  {
    author: 0,
    category: 'coding',
    title: '前端性能：先量，再优化',
    content: `优化之前，先打开性能面板看三件事：

1. **最大内容绘制**发生在什么时候；
2. 主线程上有没有超过 50 ms 的长任务；
3. 图片是不是按显示尺寸提供的。

我们项目里最大的收益来自第 3 条：卡片封面按宽度请求不同尺寸，首页流量直接少了一半。`,
    tags: ['前端', '性能', '编程'],
    images: ['16:9'],
    cover: {
      kind: 'chart',
      unit: '首页图片流量（KB）',
      bars: [
        ['优化前', 1840],
        ['按宽度', 920],
        ['WebP', 610],
        ['懒加载', 380],
      ],
    },
    daysAgo: 12,
    likedBy: [1, 2],
    savedBy: [1],
    comments: [{ by: 2, text: '图片尺寸这条太真实了。' }],
  },
  {
    author: 3,
    category: 'ai',
    title: '给产品经理的提示词写作清单',
    content: `写提示词和写需求文档很像：

- **角色**：你希望它以什么身份回答；
- **背景**：用户是谁、场景是什么；
- **输出格式**：表格、列表还是一段话；
- **约束**：字数、语气、不要做什么。

把这四项写清楚，回答质量会稳定很多。`,
    tags: ['AI', '提示词', '产品'],
    images: ['1:1'],
    cover: { kind: 'text', style: 'cream' },
    daysAgo: 13,
    likedBy: [0, 1, 2],
    savedBy: [0, 2],
    comments: [],
  },
  {
    author: 2,
    category: 'design',
    title: '空状态也是设计的一部分',
    content: `列表为空的时候，页面在说什么？好的空状态有三样东西：

1. 一个小插图或图标；
2. 一句话说明为什么是空的；
3. **下一步行动**，比如“发布第一篇笔记”。

别让用户面对一片空白发呆。`,
    tags: ['设计', '体验'],
    images: ['3:4'],
    cover: { kind: 'text', style: 'night' },
    daysAgo: 14,
    likedBy: [3],
    savedBy: [3],
    comments: [],
  },
  {
    author: 1,
    category: 'ai',
    title: '本地跑小模型：一台笔记本能做什么',
    content: `试了几个能在笔记本上跑的小模型，结论：

- 摘要、改写、分类：**完全够用**；
- 写长代码：还是云端大模型更稳；
- 隐私敏感的数据：本地模型是最安心的选择。

量化到 4 bit 之后，16 GB 内存的机器也能流畅运行。`,
    tags: ['AI', '本地模型'],
    images: ['4:3'],
    cover: {
      kind: 'chart',
      unit: '每秒生成的 token 数（16 GB 笔记本，4 bit）',
      bars: [
        ['1B', 85],
        ['3B', 42],
        ['7B', 18],
        ['13B', 7],
      ],
    },
    daysAgo: 15,
    likedBy: [0, 3],
    savedBy: [0],
    comments: [{ by: 0, text: '求推荐具体的模型！' }],
  },
  {
    author: 3,
    category: 'life',
    title: '我的桌面整理术',
    content: `桌面上只留三样东西：电脑、一本纸质笔记本、一杯咖啡。

线材用魔术贴收在桌子下面，显示器抬高到视线齐平。整理完之后，最明显的变化是**开始工作前不再拖延**了。`,
    tags: ['生活', '桌面'],
    images: ['16:9', '1:1'],
    daysAgo: 16,
    likedBy: [0, 1, 2],
    savedBy: [],
    comments: [],
  },
  {
    author: 0,
    category: 'photo',
    title: '手机拍美食的光线秘诀',
    content: `拍美食最重要的是光：

- 靠窗坐，用**侧逆光**，食物的质感会出来；
- 关掉闪光灯；
- 俯拍适合平面摆盘，45 度适合有高度的甜品。

这张是楼下面包店的可颂，刚出炉。`,
    tags: ['摄影', '美食'],
    images: ['1:1'],
    daysAgo: 17,
    likedBy: [2, 3],
    savedBy: [3],
    comments: [],
  },
  {
    author: 1,
    category: 'coding',
    title: 'SQLite 够用吗？够，而且很快',
    content: `小型网站用 SQLite 完全没问题：

- 打开 **WAL 模式**，读写可以并发；
- 每个查询都要有索引，用 \`EXPLAIN QUERY PLAN\` 检查；
- 定期备份数据库文件即可。

\`\`\`sql
EXPLAIN QUERY PLAN
SELECT id FROM posts WHERE status = 'approved' ORDER BY published_at DESC LIMIT 10;
\`\`\`

等真的需要多台机器时，再迁移到 PostgreSQL 也不迟。`,
    tags: ['SQLite', '数据库', '编程'],
    images: ['16:9'],
    cover: { kind: 'code' },
    daysAgo: 18,
    likedBy: [0, 2, 3],
    savedBy: [0, 3],
    comments: [
      {
        by: 3,
        text: '全文搜索也能用 SQLite 吗？',
        reply: { by: 1, text: '可以，FTS5 加中文分词就行。' },
      },
    ],
  },
  {
    author: 2,
    category: 'design',
    title: '图标风格统一的小检查表',
    content: `一套图标看起来统一，靠的是这几项一致：

- 线宽（常用 1.5 或 2 px）；
- 圆角大小；
- 视觉尺寸（圆形要比方形略大一点）；
- 端点样式。

检查完这四项，拼凑来的图标也能像一套。`,
    tags: ['设计', '图标'],
    images: ['1:1', '4:3'],
    cover: { kind: 'text', style: 'mint' },
    daysAgo: 19,
    likedBy: [0],
    savedBy: [0],
    comments: [],
  },
  {
    author: 3,
    category: 'photo',
    title: '周末爬山，拍到了云海',
    content: `早上五点出发，七点到山顶，云海刚好铺满山谷。

用的是手机的长焦镜头，把远处的山脊压缩在一起，层次感一下就出来了。下山的时候腿在发抖，但很值得。`,
    tags: ['摄影', '户外', '生活'],
    images: ['9:16', '3:4'],
    daysAgo: 20,
    likedBy: [0, 1, 2],
    savedBy: [1],
    comments: [{ by: 1, text: '这是哪座山？' }],
  },
  {
    author: 0,
    category: 'ai',
    title: '让 AI 帮你写单元测试的正确姿势',
    content: `直接说“帮我写测试”，得到的往往是只测“快乐路径”的测试。更好的做法：

1. 先列出**边界条件**：空值、超长输入、并发；
2. 要求每个测试只断言一件事；
3. 让它先写一个**会失败**的测试，确认测试真的在测东西。

测试写完，一定要自己读一遍。`,
    tags: ['AI', '测试', '编程'],
    images: ['4:3'],
    cover: {
      kind: 'chart',
      unit: '测试覆盖率（%）',
      bars: [
        ['第 1 周', 42],
        ['第 2 周', 58],
        ['第 3 周', 71],
        ['第 4 周', 83],
      ],
    },
    daysAgo: 21,
    likedBy: [1, 3],
    savedBy: [1],
    comments: [],
  },
  {
    author: 1,
    category: 'life',
    title: '程序员的颈椎自救指南',
    content: `坐了十年电脑，颈椎终于抗议了。现在坚持三件事：

- 每 45 分钟站起来走两分钟；
- 显示器上沿和眼睛齐平；
- 睡前做 5 分钟拉伸。

身体是写代码的第一生产力。`,
    tags: ['生活', '健康'],
    images: ['3:4'],
    cover: { kind: 'text', style: 'rose' },
    daysAgo: 22,
    likedBy: [0, 2, 3],
    savedBy: [2],
    comments: [],
  },
  {
    author: 2,
    category: 'design',
    title: '给开发者的设计走查清单',
    content: `上线前花十分钟走查一遍：

- 对齐：同一列的元素左边缘是否一致；
- 间距：是否都是 4 的倍数；
- 状态：加载中、空列表、出错时分别长什么样；
- 焦点：用键盘能不能操作。

这份清单能挡住大部分“看起来哪里不对”的问题。`,
    tags: ['设计', '走查'],
    images: ['16:9'],
    cover: { kind: 'text', style: 'lemon' },
    daysAgo: 23,
    likedBy: [0, 1],
    savedBy: [0, 1],
    comments: [],
  },
  {
    author: 3,
    category: 'ai',
    title: 'AI 生成的图片可以直接商用吗？',
    content: `最近在做活动海报，想用 AI 生成配图，查了一圈资料，整理几点自己的理解（非法律意见）：

- 先看所用工具的服务条款；
- 避免生成带有真实人物、品牌标志的内容；
- 重要场合还是请设计师把关。

大家在工作里是怎么处理的？`,
    tags: ['AI', '版权'],
    images: ['1:1'],
    cover: { kind: 'text', style: 'sky' },
    daysAgo: 0,
    likedBy: [],
    savedBy: [],
    comments: [],
    pending: true,
  },
];
