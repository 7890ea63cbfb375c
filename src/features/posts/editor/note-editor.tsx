import { lazy, Suspense, useEffect, useId, useMemo, useRef, useState } from 'react';
import type { ReactNode } from 'react';
import type { Category } from '../../../../contract/category';
import type { DraftData } from '../../../../contract/draft';
import { errorText } from '../../../../contract/page-messages';
import { POST_LIMITS } from '../../../../contract/post-rules';
import type { CreatePostBody, Post } from '../../../../contract/post';
import { Button } from '../../../components/button';
import { notify } from '../../../lib/notify';
import { enqueueOutbox, shouldQueueWrite } from '../../../../shared/offline/outbox';
import { useSessionStore } from '../../../stores/session-store';
import { createPost, updatePost } from '../api/save-post';
import { editorTexts } from './texts';
import { CoverFromTitle } from './cover-from-title';
import { ImageUploader } from './image-uploader';
import { TagInput } from './tag-input';
import { useImageUploads } from './use-image-uploads';
import styles from './note-editor.module.css';
import {
  MentionAutocomplete,
  mentionAnchorClass,
} from '../../../components/mention/mention-autocomplete';

/** Everything the editor holds (the shape drafts are stored in). */
export interface EditorValue {
  title: string;
  data: DraftData;
}

export interface NoteEditorProps {
  mode: 'create' | 'edit';
  /** The note being edited. */
  postId?: string;
  initialValue: EditorValue;
  categories: Category[];
  /** Called on every change, with the whole editor state. */
  onChange: (value: EditorValue) => void;
  onSaveDraft?: () => void;
  /** What autosave last did (shown beside the buttons). */
  draftStatus?: ReactNode;
  /** Shown above the form (a restored copy, a conflict …). */
  notice?: ReactNode;
  /** Tells the page whether leaving now would lose uploads in progress. */
  onBusyChange?: (busy: boolean) => void;
  onPublished: (post: Post) => void;
  /**
   * A note published (or, in edit mode, a change saved) without a network went into the outbox
   * (shared/offline/outbox.ts); it is sent when the network returns. Without this, a failed publish
   * only shows the error.
   */
  onQueued?: () => void;
}

// The renderer and highlighter are large: fetched when the author first opens the preview.
const MarkdownBody = lazy(() =>
  import('../components/markdown-body').then((module) => ({ default: module.MarkdownBody })),
);

type FieldErrors = Partial<Record<'title' | 'content' | 'categoryId' | 'price', string>>;

function newIdempotencyKey(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  return `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 14)}`;
}

function validate(value: EditorValue): FieldErrors {
  const errors: FieldErrors = {};
  if (!value.title.trim()) errors.title = errorText.titleRequired;
  else if (value.title.length > POST_LIMITS.titleMax) errors.title = errorText.titleTooLong;
  if (!value.data.content.trim()) errors.content = errorText.contentRequired;
  else if (value.data.content.length > POST_LIMITS.contentMax)
    errors.content = errorText.contentTooLong;
  if (!value.data.categoryId) errors.categoryId = errorText.categoryInvalid;
  const { price } = value.data;
  if (!Number.isFinite(price) || price < 0 || price > POST_LIMITS.priceMax)
    errors.price = errorText.priceInvalid;
  return errors;
}

/** The note editor of /create and /edit-post/{id}. */
export function NoteEditor({
  mode,
  postId,
  initialValue,
  categories,
  onChange,
  onSaveDraft,
  draftStatus,
  notice,
  onBusyChange,
  onPublished,
  onQueued,
}: NoteEditorProps) {
  const ids = useId();
  const [title, setTitle] = useState(initialValue.title);
  const [content, setContent] = useState(initialValue.data.content);
  const contentInput = useRef<HTMLTextAreaElement>(null);
  const [categoryId, setCategoryId] = useState(initialValue.data.categoryId);
  const [tags, setTags] = useState(initialValue.data.tags);
  const [priceText, setPriceText] = useState(
    initialValue.data.price ? String(initialValue.data.price) : '',
  );
  const [tab, setTab] = useState<'write' | 'preview'>('write');
  const [errors, setErrors] = useState<FieldErrors>({});
  const [submitting, setSubmitting] = useState(false);
  const uploads = useImageUploads(initialValue.data.images);
  const idempotencyKey = useRef<string | null>(null);

  const price = priceText.trim() === '' ? 0 : Number(priceText);
  const value = useMemo<EditorValue>(
    () => ({ title, data: { content, categoryId, tags, images: uploads.images, price } }),
    [title, content, categoryId, tags, uploads.images, price],
  );

  const latestOnChange = useRef(onChange);
  useEffect(() => {
    latestOnChange.current = onChange;
  });
  const initial = useRef(value);
  useEffect(() => {
    if (value === initial.current) return;
    // Changed content is a new publish attempt: a retry of the old one must not reuse its key.
    idempotencyKey.current = null;
    latestOnChange.current(value);
  }, [value]);

  const busy = uploads.isUploading || submitting;
  useEffect(() => onBusyChange?.(busy), [busy, onBusyChange]);

  async function queueForLater(fields: Omit<CreatePostBody, 'images'>) {
    const { user, token } = useSessionStore.getState();
    if (!user || !onQueued) return;
    const sender = {
      images: uploads.outboxImages(),
      ownerId: user.id,
      authorization: token ? `Bearer ${token}` : null,
    };
    if (mode === 'edit' && postId) {
      await enqueueOutbox({ kind: 'update', postId, body: fields, ...sender });
      notify.info(editorTexts.queuedUpdate);
    } else {
      await enqueueOutbox({
        kind: 'publish',
        body: fields,
        ...sender,
        idempotencyKey: idempotencyKey.current ?? undefined,
      });
      notify.info(editorTexts.queuedOffline);
    }
    idempotencyKey.current = null;
    onQueued();
  }

  async function publish() {
    // Offline, images that could not go up travel with the note in the outbox.
    const queueOffline = onQueued !== undefined && !navigator.onLine;
    if (uploads.isUploading && !queueOffline) {
      notify.error(editorTexts.waitUploads);
      return;
    }
    if (uploads.hasErrors && !queueOffline) {
      notify.error(editorTexts.fixUploads);
      return;
    }
    const found = validate(value);
    setErrors(found);
    const firstField = (['title', 'content', 'categoryId', 'price'] as const).find(
      (field) => found[field],
    );
    if (firstField) {
      notify.error(found[firstField] as string);
      if (firstField === 'content') setTab('write');
      document.getElementById(`${ids}-${firstField}`)?.focus();
      return;
    }
    const fields = { title: title.trim(), content, categoryId: categoryId as string, tags, price };
    const body: CreatePostBody = {
      ...fields,
      images: uploads.images.map(({ url, width, height }) => ({ url, width, height })),
    };
    setSubmitting(true);
    if (queueOffline) {
      await queueForLater(fields).finally(() => setSubmitting(false));
      return;
    }
    try {
      let post: Post;
      if (mode === 'edit' && postId) {
        post = await updatePost(postId, body);
        notify.success(editorTexts.updated);
      } else {
        idempotencyKey.current ??= newIdempotencyKey();
        post = await createPost(body, idempotencyKey.current);
        notify.success(
          post.status === 'approved' ? editorTexts.publishedDirect : editorTexts.published,
        );
      }
      idempotencyKey.current = null;
      onPublished(post);
    } catch (error) {
      if (onQueued && shouldQueueWrite(error, navigator.onLine)) {
        await queueForLater(fields);
      } else {
        notify.failure(error);
      }
    } finally {
      setSubmitting(false);
    }
  }

  const fieldError = (field: keyof FieldErrors) =>
    errors[field] ? (
      <p className={styles.fieldError} id={`${ids}-${field}-error`} role="alert">
        {errors[field]}
      </p>
    ) : null;
  const describedBy = (field: keyof FieldErrors) =>
    errors[field] ? `${ids}-${field}-error` : undefined;
  const clearError = (field: keyof FieldErrors) =>
    errors[field] && setErrors((current) => ({ ...current, [field]: undefined }));

  return (
    <form
      className={styles.editor}
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        void publish();
      }}
    >
      <h1 className={styles.heading}>
        {mode === 'edit' ? editorTexts.editTitle : editorTexts.createTitle}
      </h1>
      {notice}
      <section className={styles.field} aria-labelledby={`${ids}-images-label`}>
        <span className={styles.label} id={`${ids}-images-label`}>
          {editorTexts.imagesLabel}
        </span>
        <ImageUploader
          items={uploads.items}
          onAdd={uploads.addFiles}
          onRemove={uploads.remove}
          onRetry={uploads.retry}
          onMove={uploads.move}
        />
        {uploads.items.length === 0 && (
          <CoverFromTitle title={title} onCover={uploads.addUploaded} />
        )}
      </section>

      <div className={styles.field}>
        <label className={styles.label} htmlFor={`${ids}-title`}>
          {editorTexts.titleLabel}
        </label>
        <div className={styles.withCounter}>
          <input
            id={`${ids}-title`}
            className={styles.input}
            value={title}
            maxLength={POST_LIMITS.titleMax}
            placeholder={editorTexts.titlePlaceholder}
            aria-invalid={Boolean(errors.title)}
            aria-describedby={describedBy('title')}
            onChange={(event) => {
              setTitle(event.target.value);
              clearError('title');
            }}
          />
          <span className={styles.counter}>
            {title.length}/{POST_LIMITS.titleMax}
          </span>
        </div>
        {fieldError('title')}
      </div>

      <div className={styles.field}>
        <div className={styles.contentHead}>
          <label className={styles.label} htmlFor={`${ids}-content`}>
            {editorTexts.contentLabel}
          </label>
          <div className={styles.tabs} role="tablist">
            {(['write', 'preview'] as const).map((name) => (
              <button
                key={name}
                type="button"
                role="tab"
                aria-selected={tab === name}
                className={tab === name ? `${styles.tab} ${styles.tabActive}` : styles.tab}
                onClick={() => setTab(name)}
              >
                {name === 'write' ? editorTexts.write : editorTexts.preview}
              </button>
            ))}
          </div>
        </div>
        {tab === 'write' ? (
          <div className={mentionAnchorClass}>
            <textarea
              ref={contentInput}
              id={`${ids}-content`}
              className={styles.textarea}
              value={content}
              maxLength={POST_LIMITS.contentMax}
              placeholder={editorTexts.contentPlaceholder}
              aria-invalid={Boolean(errors.content)}
              aria-describedby={describedBy('content')}
              onChange={(event) => {
                setContent(event.target.value);
                clearError('content');
              }}
            />
            <MentionAutocomplete
              textareaRef={contentInput}
              value={content}
              onChange={(next) => {
                setContent(next);
                clearError('content');
              }}
            />
          </div>
        ) : (
          <div className={styles.preview} role="tabpanel">
            {content.trim() ? (
              <Suspense fallback={<p className={styles.muted}>{editorTexts.previewLoading}</p>}>
                <MarkdownBody source={content} />
              </Suspense>
            ) : (
              <p className={styles.muted}>{editorTexts.previewEmpty}</p>
            )}
          </div>
        )}
        <span className={styles.counterBelow}>
          {content.length}/{POST_LIMITS.contentMax}
        </span>
        {fieldError('content')}
      </div>

      <div className={styles.row}>
        <div className={styles.field}>
          <label className={styles.label} htmlFor={`${ids}-categoryId`}>
            {editorTexts.categoryLabel}
          </label>
          <select
            id={`${ids}-categoryId`}
            className={styles.input}
            value={categoryId ?? ''}
            aria-invalid={Boolean(errors.categoryId)}
            aria-describedby={describedBy('categoryId')}
            onChange={(event) => {
              setCategoryId(event.target.value || null);
              clearError('categoryId');
            }}
          >
            <option value="">{editorTexts.categoryPlaceholder}</option>
            {categories.map((category) => (
              <option key={category.id} value={category.id}>
                {category.name}
              </option>
            ))}
          </select>
          {fieldError('categoryId')}
        </div>
        <div className={styles.field}>
          <label className={styles.label} htmlFor={`${ids}-price`}>
            {editorTexts.priceLabel}
          </label>
          <input
            id={`${ids}-price`}
            className={styles.input}
            type="number"
            inputMode="decimal"
            min={0}
            max={POST_LIMITS.priceMax}
            step="0.01"
            value={priceText}
            placeholder="0"
            aria-invalid={Boolean(errors.price)}
            aria-describedby={describedBy('price') ?? `${ids}-price-hint`}
            onChange={(event) => {
              setPriceText(event.target.value);
              clearError('price');
            }}
          />
          <p className={styles.hint} id={`${ids}-price-hint`}>
            {editorTexts.priceHint}
          </p>
          {fieldError('price')}
        </div>
      </div>

      <div className={styles.field}>
        <label className={styles.label} htmlFor={`${ids}-tags`}>
          {editorTexts.tagsLabel}
        </label>
        <TagInput id={`${ids}-tags`} tags={tags} onChange={setTags} />
      </div>

      <div className={styles.actions}>
        <span className={styles.status} aria-live="polite">
          {draftStatus}
        </span>
        {onSaveDraft && (
          <Button variant="secondary" onClick={onSaveDraft} disabled={submitting}>
            {editorTexts.saveDraft}
          </Button>
        )}
        <Button type="submit" loading={submitting} className={styles.submit}>
          {mode === 'edit' ? editorTexts.save : editorTexts.publish}
        </Button>
      </div>
    </form>
  );
}
