import type { FastifyInstance } from 'fastify';
import { CategoryList } from '../../../contract/category.ts';
import { presentCategory } from './category-catalog.ts';

export default async function categoryRoutes(app: FastifyInstance) {
  const { categories } = app.services;
  app.get('/api/categories', { schema: { response: { 200: CategoryList } } }, async () => ({
    categories: (await categories.all()).map(presentCategory),
  }));
}
