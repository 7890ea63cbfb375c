import type { SaveDraftBody, SaveDraftResult } from '../../../../contract/draft';
import { errorText } from '../../../../contract/page-messages';
import { api } from '../../../lib/api/client';

/** Sends the draft once: autosave runs again a few seconds later anyway. */
export const saveDraft = (body: SaveDraftBody) =>
  api.post<SaveDraftResult>('/api/drafts', body, {
    errorMessage: errorText.saveDraftFailed,
    retries: 0,
  });
