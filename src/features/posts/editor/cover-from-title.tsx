import { Type as TypeIcon } from 'lucide-react';
import { useId, useState } from 'react';
import type { ImageRef } from '../../../../contract/post';
import { useOnlineStatus } from '../../../lib/use-online-status';
import { notify } from '../../../lib/notify';
import { generateCover } from '../api/generate-cover';
import { editorTexts } from './texts';
import styles from './cover-from-title.module.css';

export interface CoverFromTitleProps {
  title: string;
  onCover: (image: ImageRef) => void;
}

/**
 * One click for a note without pictures: the server draws the title on a coloured card (the
 * same generator as the demo notes' covers) and the editor adds it as the first image.
 */
export function CoverFromTitle({ title, onCover }: CoverFromTitleProps) {
  const hintId = useId();
  const online = useOnlineStatus();
  const [working, setWorking] = useState(false);
  const trimmed = title.trim();

  async function generate() {
    setWorking(true);
    try {
      onCover(await generateCover({ title: trimmed }));
      notify.success(editorTexts.coverGenerated);
    } catch (error) {
      notify.error(error instanceof Error ? error.message : editorTexts.coverFromTitle);
    } finally {
      setWorking(false);
    }
  }

  return (
    <div className={styles.row}>
      <button
        type="button"
        className={styles.button}
        disabled={!trimmed || !online || working}
        aria-describedby={hintId}
        onClick={() => void generate()}
      >
        <TypeIcon size={16} aria-hidden />
        {working ? editorTexts.coverGenerating : editorTexts.coverFromTitle}
      </button>
      <span id={hintId} className={styles.hint}>
        {trimmed ? editorTexts.coverFromTitleHint : editorTexts.coverNeedsTitle}
      </span>
    </div>
  );
}
