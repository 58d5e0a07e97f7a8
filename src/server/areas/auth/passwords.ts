import { hash, verify } from '@node-rs/argon2';

// Argon2id with the library's defaults (19 MiB, 2 passes): the OWASP baseline. The algorithm is the default, so the
// const enum (which isolated modules cannot import) is never needed.

export function hashPassword(password: string): Promise<string> {
  return hash(password);
}

/**
 * A fixed hash checked when the user does not exist, so an unknown e-mail costs the same time as a wrong password
 * and response times reveal nothing.
 */
let dummyHash: Promise<string> | undefined;

export async function verifyPassword(passwordHash: string | null | undefined, password: string): Promise<boolean> {
  dummyHash ??= hash('not-a-real-password-0!');
  const target = passwordHash ?? (await dummyHash);
  try {
    const ok = await verify(target, password);
    return ok && Boolean(passwordHash);
  } catch {
    return false;
  }
}
