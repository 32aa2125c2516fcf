import { z } from 'zod';
import { CONTACT_LIMITS } from './limits.ts';

export { CONTACT_LIMITS };

/** The contact form's rules (docs/product.md, "Other pages"; docs/decisions/0030). */
export const ContactInput = z.object({
  full_name: z.string().trim().min(1, 'required').max(CONTACT_LIMITS.nameMax, 'too_long'),
  email: z.string().trim().max(CONTACT_LIMITS.emailMax, 'too_long').pipe(z.email('invalid_email')),
  subject: z
    .string()
    .trim()
    .min(CONTACT_LIMITS.subjectMin, 'too_short')
    .max(CONTACT_LIMITS.subjectMax, 'too_long'),
  message: z
    .string()
    .trim()
    .min(CONTACT_LIMITS.messageMin, 'too_short')
    .max(CONTACT_LIMITS.messageMax, 'too_long'),
});
export type ContactInput = z.infer<typeof ContactInput>;

/** Where the contact form's messages go (the server's SUPPORT_EMAIL), shown on the contact page. */
export const ContactChannels = z.object({ support_email: z.email() });
export type ContactChannels = z.infer<typeof ContactChannels>;

export const ContactReceipt = z.object({ id: z.string().uuid(), received: z.literal(true) });
export type ContactReceipt = z.infer<typeof ContactReceipt>;
