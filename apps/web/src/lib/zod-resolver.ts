// eslint-disable-next-line no-restricted-imports -- the one module that may: it configures zod first
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';

// Zod compiles fast object parsers with `new Function` when it may; the site's CSP allows no eval,
// and merely probing for it is reported as a violation. Forms are where the web app parses with zod,
// so the setting travels with their resolver: set before any form validates, and not downloaded by
// pages without a form.
z.config({ jitless: true });

export { zodResolver };
