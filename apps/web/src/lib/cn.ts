/** Joins class names, skipping falsy ones. Components expose variants instead of relying on class overrides. */
export function cn(...classes: Array<string | false | null | undefined>): string {
  return classes.filter(Boolean).join(' ');
}
