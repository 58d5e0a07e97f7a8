import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Queryable } from '../db/client';
import { serverSettings } from '../db/schema';

// Credentials at rest (MID template fields of type secret): AES-256-GCM, a fresh IV per value, and the record's id
// as additional data, so a sealed value copied onto another MID does not open there. The key is CREDENTIALS_KEY when
// set (production: keep it outside the database, so a dump alone reveals nothing); otherwise a random key generated
// on first use and kept in server_settings, which suits a demo on the embedded database.

const VERSION = 'v1';
const SETTING = 'credentials_key';

export interface SecretBox {
  seal(value: Readonly<Record<string, string>>, recordId: string): string;
  open(sealed: string, recordId: string): Record<string, string>;
}

export async function loadSecretBox(db: Queryable, configuredKey: string | undefined): Promise<SecretBox> {
  let material = configuredKey;
  if (!material) {
    const generated = randomBytes(32).toString('base64url');
    await db.insert(serverSettings).values({ key: SETTING, value: generated }).onConflictDoNothing();
    const [row] = await db.select().from(serverSettings).where(eq(serverSettings.key, SETTING));
    material = row!.value;
  }
  const key = Buffer.from(hkdfSync('sha256', material, new Uint8Array(0), 'mid-credentials', 32));
  return {
    seal(value, recordId) {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      cipher.setAAD(Buffer.from(recordId));
      const body = Buffer.concat([cipher.update(JSON.stringify(value), 'utf8'), cipher.final()]);
      return `${VERSION}.${Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64url')}`;
    },
    open(sealed, recordId) {
      const [version, payload] = sealed.split('.');
      if (version !== VERSION || !payload) throw new Error('Unknown sealed-value format');
      const bytes = Buffer.from(payload, 'base64url');
      const decipher = createDecipheriv('aes-256-gcm', key, bytes.subarray(0, 12));
      decipher.setAAD(Buffer.from(recordId));
      decipher.setAuthTag(bytes.subarray(12, 28));
      const text = Buffer.concat([decipher.update(bytes.subarray(28)), decipher.final()]).toString('utf8');
      return JSON.parse(text) as Record<string, string>;
    },
  };
}
