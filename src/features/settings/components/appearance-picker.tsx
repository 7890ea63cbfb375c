import { Monitor, Moon, Sun } from 'lucide-react';
import { useRef, useState } from 'react';
import type { KeyboardEvent } from 'react';
import { THEMES } from '../../../../contract/settings-rules';
import type { Theme } from '../../../../contract/settings-rules';
import { notify } from '../../../lib/notify';
import { applyTheme, storedTheme } from '../../../lib/theme';
import { updateSettings } from '../api/account';
import { settingsTexts } from '../texts';
import styles from './preferences.module.css';

const texts = settingsTexts.appearance;
const ICONS = { light: Sun, dark: Moon, system: Monitor } as const;

export interface AppearancePickerProps {
  onSaved: (theme: Theme) => void;
}

/**
 * Light, dark or the system's choice: applied at once in this browser (and remembered here),
 * then stored with the account so other devices follow.
 */
export function AppearancePicker({ onSaved }: AppearancePickerProps) {
  // What this browser shows; the session already applied the account's choice at sign-in.
  const [chosen, setChosen] = useState<Theme>(storedTheme);
  const buttons = useRef<Partial<Record<Theme, HTMLButtonElement | null>>>({});

  async function choose(next: Theme) {
    if (next === chosen) return;
    setChosen(next);
    applyTheme(next);
    try {
      const saved = await updateSettings({ theme: next });
      onSaved(saved.theme);
      notify.success(texts.saved);
    } catch (error) {
      notify.failure(error);
    }
  }

  function move(event: KeyboardEvent<HTMLDivElement>) {
    const step = { ArrowRight: 1, ArrowDown: 1, ArrowLeft: -1, ArrowUp: -1 }[event.key];
    if (!step) return;
    event.preventDefault();
    const next = THEMES[(THEMES.indexOf(chosen) + step + THEMES.length) % THEMES.length];
    void choose(next);
    buttons.current[next]?.focus();
  }

  return (
    <div className={styles.themes} role="radiogroup" aria-label={texts.label} onKeyDown={move}>
      {THEMES.map((option) => {
        const Icon = ICONS[option];
        return (
          <button
            key={option}
            ref={(node) => {
              buttons.current[option] = node;
            }}
            type="button"
            role="radio"
            aria-checked={chosen === option}
            tabIndex={chosen === option ? 0 : -1}
            className={styles.theme}
            data-theme-option={option}
            onClick={() => void choose(option)}
          >
            <span className={styles.preview} aria-hidden="true">
              <Icon size={20} />
            </span>
            <span className={styles.itemLabel}>{texts.options[option].label}</span>
            <span className={styles.itemHint}>{texts.options[option].hint}</span>
          </button>
        );
      })}
    </div>
  );
}
