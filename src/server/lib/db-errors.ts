import type { ErrorKey } from '@domain/errors';

// PostgreSQL error codes the services answer on purpose (the driver's error, or its cause, carries the code).

interface DatabaseError {
  code: string;
  detail?: string;
}

/** The PostgreSQL error behind a driver's error: Drizzle wraps the driver's, which carries the SQLSTATE code. */
function databaseErrorOf(error: unknown): DatabaseError | undefined {
  for (let current = error; current; current = (current as { cause?: unknown }).cause) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return current as DatabaseError;
  }
  return undefined;
}

const hasCode = (error: unknown, code: string) => databaseErrorOf(error)?.code === code;

/** A unique index refused the write: two writers raced for one value and the index decided. */
export const isUniqueViolation = (error: unknown) => hasCode(error, '23505');

/** A foreign key refused the write: a row something else still points to. */
export const isForeignKeyViolation = (error: unknown) => hasCode(error, '23503');

/**
 * The catalogue key for an integrity error no service answered: the database decided a race between two requests
 * (a check saw a row that a parallel request then deleted, or two requests claimed one value), so the answer is a
 * 409 the client can act on (reload, try again), never a 500. Undefined for every other failure.
 */
export function integrityConflictOf(error: unknown): ErrorKey | undefined {
  const found = databaseErrorOf(error);
  switch (found?.code) {
    case '23503':
      // An insert or update naming a row that is gone, or a delete of a row something now names.
      return found.detail?.includes('is still referenced') ? 'record-in-use' : 'reference-removed';
    case '23505': // unique_violation
    case '23P01': // exclusion_violation
    case '40001': // serialization_failure
    case '40P01': // deadlock_detected
      return 'record-conflict';
    default:
      return undefined;
  }
}

/**
 * Runs `write`, and runs it once more when a foreign key refused it. The refusal means a row the write checked was
 * deleted by a request that committed in between (PostgreSQL's key check waits for that request, then finds the row
 * gone): the failed attempt left nothing behind, and the second attempt's checks see the deletion and answer as the
 * two requests one after the other would (the MID's field in error, 404 for a deleted MID, 409 for a delete that
 * found the row in use) instead of 500. A second refusal is left to the errors plugin (409).
 */
export async function retryWhenReferenceVanished<T>(write: (isRetry: boolean) => Promise<T>): Promise<T> {
  try {
    return await write(false);
  } catch (error) {
    if (!isForeignKeyViolation(error)) throw error;
    return write(true);
  }
}
