import { ContactInput } from '@flowbay/domain/contact';
import { zodResolver } from '@/lib/zod-resolver';

/** The contact form's checks, the API's own schema; loaded on the form's first validation. */
export const contactResolver = zodResolver(ContactInput);
