// PostgreSQL error codes the services answer on purpose (the driver's error, or its cause, carries the code).

function hasCode(error: unknown, code: string): boolean {
  for (let current = error; current; current = (current as { cause?: unknown }).cause) {
    if ((current as { code?: unknown }).code === code) return true;
  }
  return false;
}

/** A unique index refused the write: two writers raced for one value and the index decided. */
export const isUniqueViolation = (error: unknown) => hasCode(error, '23505');

/** A foreign key refused the write: a row something else still points to. */
export const isForeignKeyViolation = (error: unknown) => hasCode(error, '23503');
