import { useId, useRef } from 'react';
import type { InputHTMLAttributes, ReactNode } from 'react';
import { useTypedBeforeHydration } from '../lib/typed-before-hydration';
import styles from './text-field.module.css';

export interface TextFieldProps extends InputHTMLAttributes<HTMLInputElement> {
  label: string;
  /** Shown under the field and announced; marks the field invalid. */
  error?: string | null;
  hint?: ReactNode;
}

export function TextField({ label, error, hint, className, id, ...input }: TextFieldProps) {
  const generated = useId();
  const fieldId = id ?? generated;
  const noteId = `${fieldId}-note`;
  const note = error || hint;
  const inputRef = useRef<HTMLInputElement>(null);
  useTypedBeforeHydration(inputRef);
  return (
    <div className={[styles.field, className].filter(Boolean).join(' ')}>
      <label className={styles.label} htmlFor={fieldId}>
        {label}
      </label>
      <input
        {...input}
        ref={inputRef}
        id={fieldId}
        className={error ? `${styles.input} ${styles.invalid}` : styles.input}
        aria-invalid={error ? true : undefined}
        aria-describedby={note ? noteId : undefined}
      />
      {note && (
        <p
          id={noteId}
          className={error ? styles.error : styles.hint}
          role={error ? 'alert' : undefined}
        >
          {note}
        </p>
      )}
    </div>
  );
}
