/** Postgres error code of a failed statement, whether the driver wrapped it or not. */
export function pgErrorOf(error: unknown): { code?: string; constraint?: string } {
  const candidate = (error as { cause?: unknown }).cause ?? error;
  const { code, constraint, constraint_name } = candidate as {
    code?: string;
    constraint?: string;
    constraint_name?: string;
  };
  return { code, constraint: constraint ?? constraint_name };
}
