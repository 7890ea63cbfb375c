import { PageMeta } from '../../components/page-meta';
import { formatTime } from '../../lib/format';
import { staticPages, updatedLabel } from './content';
import type { StaticPageContent, StaticPageName } from './content';
import styles from './static-page.module.css';

/** One of the static pages (/about, /terms, /privacy, /help). */
export function StaticPage({ name }: { name: StaticPageName }) {
  const page: StaticPageContent = staticPages[name];
  return (
    <article className={styles.page}>
      <PageMeta title={page.title} description={page.description} path={`/${name}`} />
      <h1 className={styles.title}>{page.title}</h1>
      {page.updated && (
        <p className={styles.meta}>
          {updatedLabel}
          {/* Local midnight of that day, read with the format of every other date (SPEC.md 5). */}
          <time dateTime={page.updated}>{formatTime(`${page.updated}T00:00:00`)}</time>
        </p>
      )}
      {page.paragraphs?.map((text) => (
        <p key={text} className={styles.paragraph}>
          {text}
        </p>
      ))}
      {page.sections?.map((section) => (
        <section key={section.heading} className={styles.section}>
          <h2 className={styles.heading}>{section.heading}</h2>
          {section.paragraphs.map((text) => (
            <p key={text} className={styles.paragraph}>
              {text}
            </p>
          ))}
        </section>
      ))}
    </article>
  );
}
