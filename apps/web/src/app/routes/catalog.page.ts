import { definePage } from '../page';

export const page = definePage({
  file: 'catalog',
  head: (text) => ({ title: text('catalog.metaTitle'), description: text('catalog.metaDescription') }),
});
