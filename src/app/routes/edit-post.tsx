import { FileX } from 'lucide-react';
import { useRef, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { mutate } from 'swr';
import { errorText } from '../../../contract/page-messages';
import type { Post } from '../../../contract/post';
import { buttonClass } from '../../components/button';
import { EmptyState } from '../../components/empty-state';
import { PageMeta } from '../../components/page-meta';
import { editClientId } from '../../features/drafts/client-id';
import { DraftStatus } from '../../features/drafts/components/draft-status';
import type { LocalDraft } from '../../../shared/offline/draft-copy';
import { useDraftAutosave } from '../../features/drafts/hooks/use-draft-autosave';
import { useDraftForEditing } from '../../features/drafts/hooks/use-draft-for-editing';
import { localDrafts } from '../../../shared/offline/local-drafts';
import { EditorSkeleton } from '../../features/posts/editor/editor-skeleton';
import { editorValueFromPost } from '../../features/posts/editor/editor-value';
import { LeaveGuard } from '../../features/posts/editor/leave-guard';
import { NoteEditor } from '../../features/posts/editor/note-editor';
import { RestoredNotice } from '../../features/posts/editor/restored-notice';
import { useCategories } from '../../features/posts/hooks/use-categories';
import { usePost } from '../../features/posts/hooks/use-post';
import { postKey } from '../../lib/post-key';
import { editorTexts } from '../../features/posts/editor/texts';
import { noteTexts } from '../../features/posts/note-texts';
import { selectUser, useSessionStore } from '../../stores/session-store';

/** `/edit-post/{id}`: the author edits a note; unsaved changes wait in the browser. */
export default function EditPostPage() {
  const { id } = useParams();
  const user = useSessionStore(selectUser);
  const { data: post, error, isLoading } = usePost(id);
  const clientId = id ? editClientId(id) : null;
  const local = useDraftForEditing(user?.id, clientId, true);

  if (error || (!isLoading && !post)) {
    return (
      <EmptyState
        icon={<FileX size={28} />}
        title={noteTexts.noteNotFound}
        action={
          <Link to="/" className={buttonClass()}>
            {noteTexts.backHome}
          </Link>
        }
      />
    );
  }
  if (!user || !post || !clientId || local.isLoading) return <EditorSkeleton />;
  if (post.author.id !== user.id) {
    return <EmptyState icon={<FileX size={28} />} title={errorText.notPostAuthor} />;
  }
  // Unsaved changes made after the note was last saved come back; older ones are stale.
  const restored =
    local.draft && Date.parse(local.draft.editedAt) > Date.parse(post.updatedAt)
      ? local.draft
      : null;
  return (
    <>
      <PageMeta
        title={`${editorTexts.editTitle}：${post.title}`}
        path={`/edit-post/${post.id}`}
        noindex
      />
      <EditForm
        key={post.id}
        userId={user.id}
        post={post}
        clientId={clientId}
        restored={restored}
      />
    </>
  );
}

interface EditFormProps {
  userId: string;
  post: Post;
  clientId: string;
  restored: LocalDraft | null;
}

function EditForm({ userId, post, clientId, restored }: EditFormProps) {
  const navigate = useNavigate();
  const { categories } = useCategories();
  const [useRestored, setUseRestored] = useState(restored !== null);
  const initial = useRestored ? restored : null;
  const autosave = useDraftAutosave({ userId, clientId, initial, postId: post.id });
  const [busy, setBusy] = useState(false);
  const saved = useRef(false);

  return (
    <>
      <NoteEditor
        key={useRestored ? 'restored' : 'saved'}
        mode="edit"
        postId={post.id}
        initialValue={initial ?? editorValueFromPost(post)}
        categories={categories}
        onChange={autosave.update}
        draftStatus={<DraftStatus state={autosave.state} savedAt={autosave.savedAt} />}
        notice={
          useRestored && (
            <RestoredNotice
              onDiscard={() => {
                void localDrafts.remove(clientId);
                setUseRestored(false);
              }}
            />
          )
        }
        onBusyChange={setBusy}
        onPublished={(updated) => {
          saved.current = true;
          void autosave.discard();
          void mutate(postKey(updated.id), updated, { revalidate: false });
          navigate(`/post/${updated.id}`, { replace: true });
        }}
        onQueued={() => {
          // The outbox holds the change now; kept here too, it would come back as a stale restore.
          saved.current = true;
          void autosave.discard();
          navigate(`/post/${post.id}`, { replace: true });
        }}
      />
      <LeaveGuard
        shouldBlock={() => !saved.current && (busy || autosave.unsynced || useRestored)}
      />
    </>
  );
}
