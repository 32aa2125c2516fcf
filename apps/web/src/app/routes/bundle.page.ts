import { definePage } from '../page';

/** What the head names of a bundle, or null when there is none to show. */
export interface BundleHeadData {
  title: string;
  description: string;
  count: number;
  seller: string;
  price: string;
}

export const page = definePage<BundleHeadData | null>({
  file: 'bundle',
  head: (text, bundle) => {
    if (!bundle) return { title: text('bundles.notFoundTitle'), description: text('notFound.subtitle') };
    const { count, seller, price } = bundle;
    return {
      title: bundle.title,
      description: bundle.description.trim() || text('bundles.metaDescription', { count, seller, price }),
    };
  },
});
