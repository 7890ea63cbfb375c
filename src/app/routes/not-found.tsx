import { Compass } from 'lucide-react';
import { Link } from 'react-router-dom';
import { buttonClass } from '../../components/button';
import { PageMessage } from '../../components/page-message';
import { PageMeta } from '../../components/page-meta';
import { shellTexts } from '../texts';
import styles from './not-found.module.css';

const texts = shellTexts.notFound;

export default function NotFoundPage() {
  return (
    <>
      <PageMeta title={texts.title} description={texts.description} noindex />
      <PageMessage
        banner={
          <p className={styles.code} aria-hidden="true">
            404
          </p>
        }
        icon={<Compass size={28} />}
        title={texts.title}
        text={texts.description}
        actions={
          <>
            <Link to="/" className={buttonClass()}>
              {texts.home}
            </Link>
            <Link to="/search" className={buttonClass({ variant: 'secondary' })}>
              {texts.search}
            </Link>
          </>
        }
      />
    </>
  );
}
