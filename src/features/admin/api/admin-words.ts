import type { WordList } from '../../../../contract/words';
import { api } from '../../../lib/api/client';
import { adminRequest } from './admin-request';

export const getWords = () => adminRequest(() => api.get<WordList>('/api/admin/words'));

export const saveWords = (words: string[]) =>
  adminRequest(() => api.put<WordList>('/api/admin/words', { words }));
