import { ShieldCheck } from 'lucide-react';
import { AdminPage } from '../../components/admin-page';
import { WordEditor } from '../../features/admin/components/word-editor';
import { adminTexts } from '../../features/admin/texts';

/** `/admin/words`: the sensitive-word list checked on notes, comments and messages. */
export default function AdminWordsPage() {
  return (
    <AdminPage
      title={adminTexts.wordsTitle}
      path="/admin/words"
      links={[{ to: '/admin/posts/review', icon: ShieldCheck, label: adminTexts.reviewLink }]}
    >
      <WordEditor />
    </AdminPage>
  );
}
