import { useEffect, useRef, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { PageMeta } from '../../components/page-meta';
import { newClientId, isClientId } from '../../features/drafts/client-id';
import { DraftStatus } from '../../features/drafts/components/draft-status';
import type { LocalDraft } from '../../../shared/offline/draft-copy';
import { useDraftAutosave } from '../../features/drafts/hooks/use-draft-autosave';
import { useDraftForEditing } from '../../features/drafts/hooks/use-draft-for-editing';
import { EditorSkeleton } from '../../features/posts/editor/editor-skeleton';
import { EMPTY_EDITOR_VALUE } from '../../features/posts/editor/editor-value';
import { LeaveGuard } from '../../features/posts/editor/leave-guard';
import { NoteEditor } from '../../features/posts/editor/note-editor';
import { useCategories } from '../../features/posts/hooks/use-categories';
import { editorTexts } from '../../features/posts/editor/texts';
import { selectUser, useSessionStore } from '../../stores/session-store';

/**
 * `/create?draft={clientId}`: a new note. The draft id sits in the address so a reload reopens
 * the same draft; without one a new draft starts.
 */
export default function CreatePage() {
  const user = useSessionStore(selectUser);
  const [params, setParams] = useSearchParams();
  const requested = params.get('draft');
  const clientId = isClientId(requested) ? requested : null;
  const { draft, isLoading } = useDraftForEditing(user?.id, clientId);

  useEffect(() => {
    if (!clientId) setParams({ draft: newClientId() }, { replace: true });
  }, [clientId, setParams]);

  return (
    <>
      <PageMeta
        title={editorTexts.createTitle}
        description={editorTexts.createDescription}
        path="/create"
        noindex
      />
      {!user || !clientId || isLoading ? (
        <EditorSkeleton />
      ) : (
        <CreateForm key={clientId} userId={user.id} clientId={clientId} initial={draft} />
      )}
    </>
  );
}

function CreateForm({
  userId,
  clientId,
  initial,
}: {
  userId: string;
  clientId: string;
  initial: LocalDraft | null;
}) {
  const navigate = useNavigate();
  const { categories } = useCategories();
  const autosave = useDraftAutosave({ userId, clientId, initial });
  const [busy, setBusy] = useState(false);
  const published = useRef(false);

  return (
    <>
      <NoteEditor
        mode="create"
        initialValue={initial ?? EMPTY_EDITOR_VALUE}
        categories={categories}
        onChange={autosave.update}
        onSaveDraft={() => void autosave.saveNow()}
        draftStatus={<DraftStatus state={autosave.state} savedAt={autosave.savedAt} />}
        onBusyChange={setBusy}
        onPublished={(post) => {
          published.current = true;
          void autosave.discard();
          navigate(`/post/${post.id}`, { replace: true });
        }}
        onQueued={() => {
          // The outbox holds the note now; a draft of it too would publish it twice.
          published.current = true;
          void autosave.discard();
          navigate('/', { replace: true });
        }}
      />
      <LeaveGuard shouldBlock={() => !published.current && (busy || autosave.unsynced)} />
    </>
  );
}
