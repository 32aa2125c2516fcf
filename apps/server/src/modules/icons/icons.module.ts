import { defineModule, route } from '../../lib/modules.ts';
import { iconRoutes } from './icons.routes.ts';

/** The apps' icons that cards and details show. */
export const iconsModule = defineModule({
  name: 'icons',
  needs: [],
  provides: [],
  routes: () => [route(iconRoutes)],
});
