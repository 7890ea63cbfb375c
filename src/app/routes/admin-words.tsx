import { ShieldCheck } from 'lucide-react';
import { Link } from 'react-router-dom';
import { buttonClass } from '../../components/button';
import { PageMeta } from '../../components/page-meta';
import { AdminHeader } from '../../features/admin/components/admin-header';
import { WordEditor } from '../../features/admin/components/word-editor';
import { adminTexts } from '../../features/admin/texts';

/** `/admin/words`: the sensitive-word list checked on notes, comments and messages. */
export default function AdminWordsPage() {
  return (
    <>
      <PageMeta title={adminTexts.wordsTitle} path="/admin/words" noindex />
      <AdminHeader
        title={adminTexts.wordsTitle}
        link={
          <Link
            to="/admin/posts/review"
            className={buttonClass({ variant: 'secondary', size: 'small' })}
          >
            <ShieldCheck size={16} aria-hidden />
            {adminTexts.reviewLink}
          </Link>
        }
      />
      <WordEditor />
    </>
  );
}
