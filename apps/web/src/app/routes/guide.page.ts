import { definePage } from '../page';

export const page = definePage({
  file: 'guide',
  texts: 'pages',
  head: (text) => ({ title: text('pages:guide.title'), description: text('pages:guide.intro') }),
});
