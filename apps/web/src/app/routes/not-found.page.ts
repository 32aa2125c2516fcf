import { definePage } from '../page';

export const page = definePage({
  file: 'not-found',
  head: (text) => ({ title: text('notFound.title'), description: text('notFound.subtitle') }),
});
