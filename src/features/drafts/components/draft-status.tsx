import { fillText } from '../../../../contract/page-messages';
import { formatTime } from '../../../lib/format';
import type { DraftSaveState } from '../hooks/use-draft-autosave';
import { draftTexts } from '../texts';

/** What autosave last did, in a few words beside the editor's buttons. */
export function DraftStatus({ state, savedAt }: { state: DraftSaveState; savedAt: string | null }) {
  const time = savedAt ? formatTime(savedAt) : '';
  switch (state) {
    case 'idle':
      return null;
    case 'syncing':
      return <>{draftTexts.stateSyncing}</>;
    case 'failed':
      return <>{draftTexts.stateFailed}</>;
    case 'server':
      return <>{fillText(draftTexts.stateServer, { time })}</>;
    case 'local':
      return <>{fillText(draftTexts.stateLocal, { time })}</>;
    case 'queued':
      return <>{fillText(draftTexts.stateQueued, { time })}</>;
  }
}
