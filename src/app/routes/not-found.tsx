import { Compass } from 'lucide-react';
import { Link } from 'react-router-dom';
import { buttonClass } from '../../components/button';
import { PageMeta } from '../../components/page-meta';
import { shellTexts } from '../texts';
import styles from './not-found.module.css';

const texts = shellTexts.notFound;

export default function NotFoundPage() {
  return (
    <section className={styles.page}>
      <PageMeta title={texts.title} description={texts.description} noindex />
      <p className={styles.code} aria-hidden="true">
        404
      </p>
      <div className={styles.icon} aria-hidden="true">
        <Compass size={28} />
      </div>
      <h1 className={styles.title}>{texts.title}</h1>
      <p className={styles.text}>{texts.description}</p>
      <div className={styles.actions}>
        <Link to="/" className={buttonClass()}>
          {texts.home}
        </Link>
        <Link to="/search" className={buttonClass({ variant: 'secondary' })}>
          {texts.search}
        </Link>
      </div>
    </section>
  );
}
