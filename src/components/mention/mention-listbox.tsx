import { useEffect, useId, useMemo, useState } from 'react';
import useSWR from 'swr';
import { getMentionSuggestions } from '../../lib/mention-suggestions';
import { Avatar } from '../avatar';
import styles from './mention-autocomplete.module.css';

const texts = {
  label: '提及用户',
  loading: '正在查找用户…',
  none: '没有找到这个用户',
};

export interface MentionListboxProps {
  textarea: HTMLTextAreaElement;
  prefix: string;
  onPick: (username: string) => void;
  onDismiss: () => void;
}

/**
 * The names starting with what was typed, as a listbox the text box drives: ↑/↓ move, Enter
 * or Tab choose, Escape closes; the box keeps the focus and points at the active option
 * (aria-activedescendant), so screen readers announce it.
 */
export default function MentionListbox({
  textarea,
  prefix,
  onPick,
  onDismiss,
}: MentionListboxProps) {
  const id = useId();
  const { data, isLoading } = useSWR(['mention-suggestions', prefix], () =>
    getMentionSuggestions(prefix),
  );
  const users = useMemo(() => data?.users ?? [], [data]);
  const [active, setActive] = useState(0);
  useEffect(() => setActive(0), [prefix]);
  const current = users[Math.min(active, users.length - 1)];
  const optionId = (index: number) => `${id}-option-${index}`;

  useEffect(() => {
    textarea.setAttribute('aria-autocomplete', 'list');
    textarea.setAttribute('aria-controls', id);
    if (current) textarea.setAttribute('aria-activedescendant', optionId(users.indexOf(current)));
    else textarea.removeAttribute('aria-activedescendant');
    return () => {
      for (const name of ['aria-autocomplete', 'aria-controls', 'aria-activedescendant']) {
        textarea.removeAttribute(name);
      }
    };
  });

  useEffect(() => {
    // On the box itself, so it runs before the page's own key handlers (send, cancel) and can
    // keep them from seeing a key the list used.
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.isComposing) return;
      const used = () => {
        event.preventDefault();
        event.stopPropagation();
      };
      if (event.key === 'Escape') {
        used();
        onDismiss();
      } else if (users.length === 0) {
        return;
      } else if (event.key === 'ArrowDown') {
        used();
        setActive((index) => (index + 1) % users.length);
      } else if (event.key === 'ArrowUp') {
        used();
        setActive((index) => (index - 1 + users.length) % users.length);
      } else if ((event.key === 'Enter' || event.key === 'Tab') && current) {
        used();
        onPick(current.username);
      }
    };
    textarea.addEventListener('keydown', onKeyDown);
    return () => textarea.removeEventListener('keydown', onKeyDown);
  }, [textarea, users, current, onPick, onDismiss]);

  return (
    <div className={styles.popup}>
      <ul id={id} role="listbox" aria-label={texts.label} className={styles.list}>
        {users.map((user, index) => (
          <li
            key={user.id}
            id={optionId(index)}
            role="option"
            aria-selected={user === current}
            className={user === current ? `${styles.option} ${styles.active}` : styles.option}
            // The text box keeps the focus (and the caret) while an option is clicked.
            onMouseDown={(event) => event.preventDefault()}
            onMouseEnter={() => setActive(index)}
            onClick={() => onPick(user.username)}
          >
            <Avatar src={user.avatar} alt="" size={24} />
            <span className={styles.name}>{user.username}</span>
          </li>
        ))}
      </ul>
      {users.length === 0 && (
        <p className={styles.status} role="status">
          {isLoading ? texts.loading : texts.none}
        </p>
      )}
    </div>
  );
}
