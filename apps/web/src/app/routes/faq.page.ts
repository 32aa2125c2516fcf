import { definePage } from '../page';

export const page = definePage({
  file: 'faq',
  texts: 'pages',
  head: (text) => ({ title: text('pages:faq.title'), description: text('pages:faq.intro') }),
});
