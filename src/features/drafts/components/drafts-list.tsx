import { FileText, History, Pencil, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { fillText } from '../../../../contract/page-messages';
import { Button, buttonClass } from '../../../components/button';
import { EmptyState } from '../../../components/empty-state';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { SmartImage } from '../../../components/smart-image';
import { formatTime } from '../../../lib/format';
import { notify } from '../../../lib/notify';
import type { DraftCopy } from '../../../../shared/offline/draft-copy';
import { useDraftList } from '../hooks/use-draft-list';
import type { MergedDraft } from '../merge-drafts';
import { draftTexts } from '../texts';
import styles from './drafts-list.module.css';

const EXCERPT_LENGTH = 80;

const excerpt = (copy: DraftCopy) =>
  copy.data.content
    .replace(/[#>*`_~[\]()!-]/g, '')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, EXCERPT_LENGTH);

/** "我的草稿": resume, recover another version, or delete. */
export function DraftsList({ userId }: { userId: string }) {
  const navigate = useNavigate();
  const list = useDraftList(userId);
  const [deleting, setDeleting] = useState<MergedDraft | null>(null);
  const [busy, setBusy] = useState(false);

  async function resume(entry: MergedDraft, copy: DraftCopy) {
    await list.prepareResume(entry, copy);
    navigate(`/create?draft=${encodeURIComponent(entry.clientId)}`);
  }

  async function confirmDelete() {
    if (!deleting) return;
    setBusy(true);
    if (await list.remove(deleting)) notify.success(draftTexts.removed);
    setBusy(false);
    setDeleting(null);
  }

  if (list.isLoading) {
    return (
      <ul className={styles.list} aria-busy="true">
        {[0, 1, 2].map((index) => (
          <li key={index} className={`${styles.item} ${styles.skeleton}`} />
        ))}
      </ul>
    );
  }

  if (list.drafts.length === 0) {
    return (
      <EmptyState
        icon={<FileText size={28} />}
        title={draftTexts.empty}
        action={<Button onClick={() => navigate('/create')}>{draftTexts.startWriting}</Button>}
      />
    );
  }

  return (
    <>
      {list.serverFailed && (
        <p className={styles.warning} role="status">
          {draftTexts.serverUnavailable}
          <button type="button" className={styles.link} onClick={list.retry}>
            {draftTexts.retry}
          </button>
        </p>
      )}
      <ul className={styles.list}>
        {list.drafts.map((entry) => (
          <li key={entry.clientId} className={styles.item}>
            <DraftSummary copy={entry.current} unsynced={entry.unsynced} />
            <div className={styles.actions}>
              <Button size="small" onClick={() => void resume(entry, entry.current)}>
                <Pencil size={14} aria-hidden />
                {draftTexts.resume}
              </Button>
              <Button size="small" variant="ghost" onClick={() => setDeleting(entry)}>
                <Trash2 size={14} aria-hidden />
                {draftTexts.remove}
              </Button>
            </div>
            {entry.alternatives.length > 0 && (
              <details className={styles.alternatives}>
                <summary>
                  <History size={14} aria-hidden />
                  {draftTexts.alternatives}（{entry.alternatives.length}）
                </summary>
                <p className={styles.hint}>{draftTexts.alternativeHint}</p>
                <ul className={styles.versionList}>
                  {entry.alternatives.map((copy) => (
                    <li key={`${copy.source}-${copy.editedAt}`} className={styles.version}>
                      <DraftSummary copy={copy} compact />
                      <button
                        type="button"
                        className={buttonClass({ variant: 'secondary', size: 'small' })}
                        onClick={() => void resume(entry, copy)}
                      >
                        {draftTexts.restoreAlternative}
                      </button>
                    </li>
                  ))}
                </ul>
              </details>
            )}
          </li>
        ))}
      </ul>
      <ConfirmDialog
        open={deleting !== null}
        onClose={() => setDeleting(null)}
        title={draftTexts.removeTitle}
        message={draftTexts.removeConfirm}
        confirmLabel={draftTexts.remove}
        busy={busy}
        onConfirm={() => void confirmDelete()}
      />
    </>
  );
}

function DraftSummary({
  copy,
  unsynced,
  compact,
}: {
  copy: DraftCopy;
  unsynced?: boolean;
  compact?: boolean;
}) {
  const cover = copy.data.images[0];
  return (
    <div className={styles.summary}>
      {!compact && (
        <span className={styles.thumb}>
          {cover ? (
            <SmartImage src={cover.url} alt="" sizes="64px" className={styles.thumbImage} />
          ) : (
            <FileText size={22} aria-hidden />
          )}
        </span>
      )}
      <div className={styles.text}>
        <p className={styles.title}>{copy.title.trim() || draftTexts.untitled}</p>
        {!compact && <p className={styles.excerpt}>{excerpt(copy) || draftTexts.noContent}</p>}
        <p className={styles.meta}>
          <span className={styles.badge}>
            {copy.source === 'local' ? draftTexts.sourceLocal : draftTexts.sourceServer}
          </span>
          {unsynced && (
            <span className={`${styles.badge} ${styles.unsynced}`}>{draftTexts.unsynced}</span>
          )}
          <span>
            {draftTexts.editedAt} <time dateTime={copy.editedAt}>{formatTime(copy.editedAt)}</time>
          </span>
          {copy.data.images.length > 0 && (
            <span>{fillText(draftTexts.imagesCount, { count: copy.data.images.length })}</span>
          )}
        </p>
      </div>
    </div>
  );
}
