import { BadgeCheck, BookOpen, HeartHandshake, Sparkles } from 'lucide-react';
import styles from './perk-list.module.css';

/** Icons for the server's perks in their order; any further perk gets the last one. */
const ICONS = [BookOpen, BadgeCheck, HeartHandshake, Sparkles];

/** What membership gives, as the server lists it. */
export function PerkList({ perks }: { perks: string[] }) {
  return (
    <ul className={styles.perks}>
      {perks.map((perk, index) => {
        const Icon = ICONS[Math.min(index, ICONS.length - 1)];
        return (
          <li key={perk} className={styles.perk}>
            <span className={styles.icon} aria-hidden="true">
              <Icon size={20} />
            </span>
            {perk}
          </li>
        );
      })}
    </ul>
  );
}
