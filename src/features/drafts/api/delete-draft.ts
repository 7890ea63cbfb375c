import { errorText } from '../../../../contract/messages';
import { api } from '../../../lib/api/client';

export const deleteDraft = (id: string) =>
  api.delete<{ success: boolean }>(`/api/drafts/${encodeURIComponent(id)}`, {
    errorMessage: errorText.deleteDraftFailed,
  });
