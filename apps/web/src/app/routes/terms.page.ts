import { definePage } from '../page';

export const page = definePage({
  file: 'terms',
  texts: 'pages',
  head: (text) => ({ title: text('pages:terms.title'), description: text('pages:terms.intro') }),
});
