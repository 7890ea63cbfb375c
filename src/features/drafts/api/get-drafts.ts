import type { DraftList } from '../../../../contract/draft';
import { errorText } from '../../../../contract/page-messages';
import { api } from '../../../lib/api/client';

export const getDrafts = () =>
  api.get<DraftList>('/api/drafts', { errorMessage: errorText.draftListFailed });
