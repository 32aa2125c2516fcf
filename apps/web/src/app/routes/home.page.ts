import { definePage } from '../page';

export const page = definePage({
  file: 'home',
  head: (text) => ({ title: text('home.metaTitle'), description: text('home.metaDescription') }),
});
