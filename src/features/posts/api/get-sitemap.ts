import type { SitemapEntry } from '../../../../contract/post';
import { api } from '../../../lib/api/client';

export const getSitemapEntries = () => api.get<SitemapEntry[]>('/api/posts/sitemap');
