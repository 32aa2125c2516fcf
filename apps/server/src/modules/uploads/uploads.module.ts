import { defineModule, route } from '../../lib/modules.ts';
import { orphanSweep } from '../../plugins/sweeps.ts';
import { createUploadsRepository } from './uploads.repository.ts';
import { uploadsRoutes } from './uploads.routes.ts';
import { createUploadsService, type UploadsService } from './uploads.service.ts';

declare module '../../lib/modules.ts' {
  interface Provided {
    /** Uploaded exports and images, checked and stored, until a workflow takes them. */
    uploads: UploadsService;
  }
}

/** Uploads, and the hourly sweep of those nobody used (not in tests). */
export const uploadsModule = defineModule({
  name: 'uploads',
  needs: ['db', 'storage', 'exportCheck', 'clock', 'env'],
  provides: ['uploads'],
  build: ({ db, storage, exportCheck }) => ({
    uploads: createUploadsService(createUploadsRepository(db), storage, exportCheck),
  }),
  routes: ({ uploads, clock, env }) => [
    route(uploadsRoutes, { uploads }),
    env.NODE_ENV !== 'test' && route(orphanSweep, { uploads, clock }),
  ],
});
