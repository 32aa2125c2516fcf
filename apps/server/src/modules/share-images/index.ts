export { ogImageUrl } from './share-image.service.ts';
