import { definePage } from '../page';

export const page = definePage({
  file: 'contact',
  head: (text) => ({ title: text('contact.title'), description: text('contact.subtitle') }),
});
