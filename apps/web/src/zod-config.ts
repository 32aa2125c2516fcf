import { z } from 'zod';

// Zod compiles fast object parsers with `new Function` when it may; the site's CSP allows no eval,
// and merely probing for it is reported as a violation. Imported first, before any schema exists.
z.config({ jitless: true });
