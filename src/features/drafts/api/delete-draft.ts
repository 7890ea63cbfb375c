import { errorText } from '../../../../contract/page-messages';
import { api } from '../../../lib/api/client';

export const deleteDraft = (id: string) =>
  api.delete<{ success: boolean }>(`/api/drafts/${encodeURIComponent(id)}`, {
    errorMessage: errorText.deleteDraftFailed,
  });
