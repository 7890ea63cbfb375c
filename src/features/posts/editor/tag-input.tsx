import { X } from 'lucide-react';
import { useState } from 'react';
import type { KeyboardEvent } from 'react';
import { errorText, fillText } from '../../../../contract/page-messages';
import { POST_LIMITS } from '../../../../contract/post-rules';
import { notify } from '../../../lib/notify';
import { editorTexts } from './texts';
import styles from './tag-input.module.css';

export interface TagInputProps {
  id: string;
  tags: string[];
  onChange: (tags: string[]) => void;
}

/** Tags as chips: Enter or a comma adds one, Backspace in the empty box takes the last back. */
export function TagInput({ id, tags, onChange }: TagInputProps) {
  const [text, setText] = useState('');
  const full = tags.length >= POST_LIMITS.tagsMax;

  function commit(raw: string) {
    const tag = raw.trim().replace(/^#+/, '');
    if (!tag) return;
    if (full || tag.length > POST_LIMITS.tagMax) {
      notify.error(errorText.tooManyTags);
      return;
    }
    if (!tags.includes(tag)) onChange([...tags, tag]);
    setText('');
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.nativeEvent.isComposing) return;
    if (event.key === 'Enter' || event.key === ',' || event.key === '，') {
      event.preventDefault();
      commit(text);
    } else if (event.key === 'Backspace' && !text && tags.length > 0) {
      onChange(tags.slice(0, -1));
    }
  }

  return (
    <div className={styles.box}>
      <ul className={styles.chips}>
        {tags.map((tag) => (
          <li key={tag} className={styles.chip}>
            #{tag}
            <button
              type="button"
              onClick={() => onChange(tags.filter((item) => item !== tag))}
              aria-label={fillText(editorTexts.removeTag, { tag })}
            >
              <X size={12} aria-hidden />
            </button>
          </li>
        ))}
      </ul>
      <input
        id={id}
        className={styles.input}
        value={text}
        disabled={full}
        maxLength={POST_LIMITS.tagMax}
        placeholder={
          full
            ? fillText(editorTexts.tagsHint, { max: POST_LIMITS.tagsMax })
            : editorTexts.tagsPlaceholder
        }
        onChange={(event) => {
          const value = event.target.value;
          if (/[,，]$/.test(value)) commit(value.slice(0, -1));
          else setText(value);
        }}
        onKeyDown={onKeyDown}
        onBlur={() => commit(text)}
      />
      <span className={styles.count}>
        {tags.length}/{POST_LIMITS.tagsMax}
      </span>
    </div>
  );
}
