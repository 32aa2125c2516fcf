import type { FieldValues, Resolver } from 'react-hook-form';

/**
 * A form resolver that downloads itself on the form's first validation: a public page with a form
 * (contact) then starts without zod and the form's schema (about 23 KB compressed), which arrive
 * while the visitor types. A failed download is tried again on the next validation.
 */
export function lazyResolver<Values extends FieldValues>(
  load: () => Promise<Resolver<Values>>,
): Resolver<Values> {
  let resolver: Promise<Resolver<Values>> | null = null;
  return async (values, context, options) => {
    resolver ??= load().catch((error: unknown) => {
      resolver = null;
      throw error;
    });
    return (await resolver)(values, context, options);
  };
}
