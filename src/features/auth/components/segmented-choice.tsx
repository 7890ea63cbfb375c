import { useRef } from 'react';
import type { KeyboardEvent } from 'react';
import styles from './auth-form.module.css';

export interface SegmentedChoiceProps<T extends string> {
  label: string;
  options: readonly T[];
  value: T;
  labels: Record<T, string>;
  onChange: (value: T) => void;
}

/** A radio group drawn as a segmented control; arrow keys move between the options. */
export function SegmentedChoice<T extends string>({
  label,
  options,
  value,
  labels,
  onChange,
}: SegmentedChoiceProps<T>) {
  const buttons = useRef<(HTMLButtonElement | null)[]>([]);

  function move(event: KeyboardEvent<HTMLDivElement>) {
    const step = { ArrowRight: 1, ArrowDown: 1, ArrowLeft: -1, ArrowUp: -1 }[event.key];
    if (!step) return;
    event.preventDefault();
    const index = (options.indexOf(value) + step + options.length) % options.length;
    onChange(options[index]);
    buttons.current[index]?.focus();
  }

  return (
    <div className={styles.segmented} role="radiogroup" aria-label={label} onKeyDown={move}>
      {options.map((option, index) => (
        <button
          key={option}
          ref={(node) => {
            buttons.current[index] = node;
          }}
          type="button"
          role="radio"
          aria-checked={value === option}
          tabIndex={value === option ? 0 : -1}
          className={styles.segment}
          onClick={() => onChange(option)}
        >
          {labels[option]}
        </button>
      ))}
    </div>
  );
}
