import { definePage } from '../page';

export const page = definePage({
  file: 'privacy',
  texts: 'pages',
  head: (text) => ({ title: text('pages:privacy.title'), description: text('pages:privacy.intro') }),
});
