import { ImagePlus, X } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import type { FormEvent } from 'react';
import {
  DEFAULT_FEEDBACK_TYPE,
  FEEDBACK_IMAGE_TYPES,
  FEEDBACK_LIMITS,
  FEEDBACK_TYPES,
} from '../../../../contract/feedback';
import { Button } from '../../../components/button';
import { Modal } from '../../../components/modal';
import { TextField } from '../../../components/text-field';
import { notify } from '../../../lib/notify';
import { useSessionStore } from '../../../stores/session-store';
import { submitFeedback } from '../api/submit-feedback';
import { feedbackTexts } from '../texts';
import { addScreenshots, validateFeedback } from '../validate-feedback';
import type { FeedbackErrors, FeedbackValues } from '../validate-feedback';
import styles from './feedback-modal.module.css';

export interface FeedbackModalProps {
  open: boolean;
  onClose: () => void;
}

const EMPTY: FeedbackValues = {
  type: DEFAULT_FEEDBACK_TYPE,
  content: '',
  contactInfo: '',
  screenshots: [],
};

/** Object URLs for the previews, released when a screenshot goes or the form closes. */
function usePreviews(files: File[]) {
  const [previews, setPreviews] = useState<string[]>([]);
  useEffect(() => {
    const urls = files.map((file) => URL.createObjectURL(file));
    setPreviews(urls);
    return () => urls.forEach((url) => URL.revokeObjectURL(url));
  }, [files]);
  return previews;
}

/** 帮助与反馈: every rule of SPEC.md section 5, reset whenever it closes. */
export default function FeedbackModal({ open, onClose }: FeedbackModalProps) {
  const userId = useSessionStore((state) => state.user?.id ?? null);
  const [values, setValues] = useState<FeedbackValues>(EMPTY);
  const [errors, setErrors] = useState<FeedbackErrors>({});
  const [sending, setSending] = useState(false);
  const fileInput = useRef<HTMLInputElement>(null);
  const previews = usePreviews(values.screenshots);
  const ids = useId();

  useEffect(() => {
    if (!open) {
      setValues(EMPTY);
      setErrors({});
    }
  }, [open]);

  const change = <K extends keyof FeedbackValues>(key: K, value: FeedbackValues[K]) => {
    setValues((previous) => ({ ...previous, [key]: value }));
    setErrors((previous) => ({ ...previous, [key]: undefined }));
  };

  function pickFiles(list: FileList | null) {
    const { screenshots, error } = addScreenshots(values.screenshots, [...(list ?? [])]);
    setValues((previous) => ({ ...previous, screenshots }));
    setErrors((previous) => ({ ...previous, screenshots: error ?? undefined }));
    if (error) notify.error(error);
    if (fileInput.current) fileInput.current.value = '';
  }

  function removeScreenshot(index: number) {
    change(
      'screenshots',
      values.screenshots.filter((_, position) => position !== index),
    );
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    const found = validateFeedback(values);
    if (Object.values(found).some(Boolean)) {
      setErrors(found);
      notify.error(feedbackTexts.validationFailed);
      return;
    }
    setSending(true);
    try {
      await submitFeedback(values, userId);
      notify.success(feedbackTexts.submitted);
      onClose();
    } catch (error) {
      const message =
        error instanceof Error && error.message ? error.message : feedbackTexts.unknownError;
      notify.error(feedbackTexts.submitFailed(message));
    } finally {
      setSending(false);
    }
  }

  const contentLength = [...values.content].length;
  const full = values.screenshots.length >= FEEDBACK_LIMITS.screenshotsMax;

  return (
    <Modal open={open} onClose={onClose} title={feedbackTexts.title} width={520}>
      <form className={styles.form} onSubmit={(event) => void submit(event)} noValidate>
        <p className={styles.intro}>{feedbackTexts.intro}</p>

        <fieldset
          className={styles.field}
          aria-describedby={errors.type ? `${ids}-type` : undefined}
        >
          <legend className={styles.label}>
            {feedbackTexts.type}
            <span className={styles.required} aria-hidden="true">
              *
            </span>
          </legend>
          <div className={styles.types}>
            {FEEDBACK_TYPES.map((type) => (
              <label key={type.code} className={styles.type}>
                <input
                  type="radio"
                  name={`${ids}-type`}
                  value={type.code}
                  checked={values.type === type.code}
                  onChange={() => change('type', type.code)}
                />
                <span>{type.label}</span>
              </label>
            ))}
          </div>
          {errors.type && (
            <p id={`${ids}-type`} className={styles.error} role="alert">
              {errors.type}
            </p>
          )}
        </fieldset>

        <div className={styles.field}>
          <label className={styles.label} htmlFor={`${ids}-content`}>
            {feedbackTexts.content}
            <span className={styles.required} aria-hidden="true">
              *
            </span>
          </label>
          <textarea
            id={`${ids}-content`}
            className={errors.content ? `${styles.textarea} ${styles.invalid}` : styles.textarea}
            placeholder={feedbackTexts.contentPlaceholder}
            value={values.content}
            rows={5}
            maxLength={FEEDBACK_LIMITS.contentMax}
            aria-invalid={errors.content ? true : undefined}
            aria-describedby={`${ids}-content-note`}
            onChange={(event) => change('content', event.target.value)}
          />
          <div id={`${ids}-content-note`} className={styles.note}>
            {errors.content ? (
              <span className={styles.error} role="alert">
                {errors.content}
              </span>
            ) : (
              <span />
            )}
            <span className={styles.counter}>
              {feedbackTexts.counter(contentLength, FEEDBACK_LIMITS.contentMax)}
            </span>
          </div>
        </div>

        <div className={styles.field}>
          <span className={styles.label} id={`${ids}-shots`}>
            {feedbackTexts.screenshots}
          </span>
          <ul className={styles.shots} aria-labelledby={`${ids}-shots`}>
            {previews.map((url, index) => (
              <li key={url} className={styles.shot}>
                <img src={url} alt={feedbackTexts.screenshotAlt(index + 1)} />
                <button
                  type="button"
                  className={styles.remove}
                  onClick={() => removeScreenshot(index)}
                  aria-label={feedbackTexts.removeScreenshot(index + 1)}
                >
                  <X size={14} aria-hidden="true" />
                </button>
              </li>
            ))}
            {!full && (
              <li>
                <button
                  type="button"
                  className={styles.add}
                  onClick={() => fileInput.current?.click()}
                >
                  <ImagePlus size={22} aria-hidden="true" />
                  <span>{feedbackTexts.addScreenshot}</span>
                </button>
              </li>
            )}
          </ul>
          <input
            ref={fileInput}
            className="visually-hidden"
            type="file"
            accept={FEEDBACK_IMAGE_TYPES.join(',')}
            multiple
            tabIndex={-1}
            aria-label={feedbackTexts.addScreenshot}
            onChange={(event) => pickFiles(event.target.files)}
          />
          {errors.screenshots ? (
            <p className={styles.error} role="alert">
              {errors.screenshots}
            </p>
          ) : (
            <p className={styles.hint}>{feedbackTexts.screenshotsHint}</p>
          )}
        </div>

        <TextField
          label={feedbackTexts.contact}
          placeholder={feedbackTexts.contactPlaceholder}
          value={values.contactInfo}
          maxLength={FEEDBACK_LIMITS.contactMax}
          error={errors.contactInfo}
          onChange={(event) => change('contactInfo', event.target.value)}
        />

        <div className={styles.actions}>
          <Button variant="secondary" onClick={onClose} disabled={sending}>
            {feedbackTexts.cancel}
          </Button>
          <Button type="submit" loading={sending} loadingLabel={feedbackTexts.submitting}>
            {feedbackTexts.submit}
          </Button>
        </div>
      </form>
    </Modal>
  );
}
