import { defineModule, route } from '../../lib/modules.ts';
import { createContactRepository } from './contact.repository.ts';
import { contactRoutes } from './contact.routes.ts';
import { createContactService } from './contact.service.ts';

/** The contact form: the message is kept and a copy goes to support. */
export const contactModule = defineModule({
  name: 'contact',
  needs: ['db', 'jobs', 'env'],
  provides: [],
  build: ({ db, jobs, env }) => ({
    contact: createContactService({
      repository: createContactRepository(db),
      queue: jobs,
      supportEmail: env.SUPPORT_EMAIL,
    }),
  }),
  routes: ({ contact }) => [route(contactRoutes, { contact })],
});
