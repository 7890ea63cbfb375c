import type { CategoryList } from '../../../../contract/category';
import { api } from '../../../lib/api/client';

export const getCategories = () => api.get<CategoryList>('/api/categories');
