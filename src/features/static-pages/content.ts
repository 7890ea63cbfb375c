/** The texts of the static pages (SPEC.md section 2): about and help are one paragraph each. */

export interface StaticSection {
  heading: string;
  paragraphs: string[];
}

export interface StaticPageContent {
  title: string;
  description: string;
  /** The day a policy last changed (YYYY-MM-DD), shown under the title like every date. */
  updated?: string;
  paragraphs?: string[];
  sections?: StaticSection[];
}

export const updatedLabel = '更新日期：';

export const staticPages = {
  about: {
    title: '关于我们',
    description: '氛围笔记是国内领先的 Vibe Coding 社区，为开发者提供学习与交流的环境。',
    paragraphs: [
      '氛围笔记是国内领先的 Vibe Coding 社区，为开发者和创作者提供学习与交流的环境。在这里，你可以用笔记记录与 AI 一起写代码的过程，分享编程、设计、生活与摄影中的灵感，关注志同道合的创作者，与他们交流经验、共同成长。',
    ],
  },
  help: {
    title: '帮助中心',
    description: '使用氛围笔记时遇到问题？查阅帮助文档或联系客服。',
    paragraphs: [
      '使用过程中遇到问题，请先查阅帮助文档；如果仍未解决，可以通过页面底部的“帮助与反馈”提交问题，或发送邮件至 support@vibenotes.cn 联系客服，我们会在 1 个工作日内回复。',
    ],
  },
  terms: {
    title: '用户协议',
    description: '使用氛围笔记前请阅读本用户协议。',
    updated: '2026-01-01',
    sections: [
      {
        heading: '一、协议的接受',
        paragraphs: [
          '欢迎使用氛围笔记（以下简称“本平台”）。本协议是你与本平台运营方之间关于注册、登录和使用本平台服务的约定。你注册账号或使用本平台服务，即表示你已阅读并同意本协议的全部内容。',
        ],
      },
      {
        heading: '二、账号注册与安全',
        paragraphs: [
          '你应当使用真实、准确的信息注册账号，并妥善保管账号和密码。因你保管不善导致的账号被盗、信息泄露等损失，由你自行承担。',
          '发现账号被他人未经授权使用时，请立即修改密码并通过“帮助与反馈”通知我们。',
        ],
      },
      {
        heading: '三、内容发布规范',
        paragraphs: [
          '你在本平台发布的笔记、评论、图片等内容应当遵守中华人民共和国法律法规，不得含有违法违规、侵犯他人知识产权或隐私、色情暴力、虚假广告等内容。',
          '本平台对发布的内容进行审核，对违反本协议的内容有权不予发布、删除或限制展示，并视情节对账号采取相应措施。',
        ],
      },
      {
        heading: '四、知识产权',
        paragraphs: [
          '你发布的原创内容的著作权归你所有。你同意授予本平台在全球范围内免费、非独家的使用许可，用于平台内的展示、推广与分发。',
        ],
      },
      {
        heading: '五、付费服务',
        paragraphs: [
          '本平台提供会员服务和付费笔记。购买前请仔细阅读相应说明；虚拟商品一经购买成功，除法律另有规定外不予退款。',
        ],
      },
      {
        heading: '六、免责与协议变更',
        paragraphs: [
          '因不可抗力、网络故障、系统维护等原因导致服务中断的，本平台将尽力减少影响，但不承担由此产生的间接损失。',
          '本平台可能根据业务发展修订本协议，修订后的协议将在本页面公布。你继续使用本平台服务，即视为接受修订后的协议。',
        ],
      },
    ],
  },
  privacy: {
    title: '隐私政策',
    description: '了解氛围笔记如何收集、使用和保护你的个人信息。',
    updated: '2026-01-01',
    sections: [
      {
        heading: '一、我们收集的信息',
        paragraphs: [
          '注册和登录时，我们收集你的用户名、邮箱或手机号，以及经过加密处理的密码；使用第三方登录时，我们会获取你授权的昵称和头像。',
          '你使用服务时，我们会记录发布的内容、点赞、收藏、关注等操作，以及为保障安全所需的设备与日志信息。',
        ],
      },
      {
        heading: '二、信息的使用',
        paragraphs: [
          '我们使用这些信息来提供和改进服务，例如展示你的主页、推荐你可能感兴趣的笔记、发送与账号相关的通知，以及防范欺诈和保障账号安全。',
        ],
      },
      {
        heading: '三、信息的存储与保护',
        paragraphs: [
          '你的个人信息存储在中华人民共和国境内。我们采用加密传输、密码哈希存储、访问控制等措施保护你的信息，仅在实现目的所需的最短期限内保留。',
        ],
      },
      {
        heading: '四、信息的共享',
        paragraphs: [
          '除法律法规要求或获得你的明确同意外，我们不会向第三方出售或提供你的个人信息。为完成支付、短信或邮件发送，我们会向相应服务商提供完成该项服务所必需的最少信息。',
        ],
      },
      {
        heading: '五、你的权利',
        paragraphs: [
          '你可以在“设置”中查看和修改个人资料，也可以通过“帮助与反馈”申请导出或删除你的个人信息、注销账号。我们会在 15 个工作日内处理。',
        ],
      },
      {
        heading: '六、本地存储',
        paragraphs: [
          '为保持登录状态、离线阅读和保存草稿，我们会在你的浏览器中保存登录凭据、搜索历史和草稿等数据。退出登录时，与账号相关的本地数据会被清除。',
        ],
      },
    ],
  },
} satisfies Record<string, StaticPageContent>;

export type StaticPageName = keyof typeof staticPages;
