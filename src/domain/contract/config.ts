import { z } from 'zod';

/** Settings the console reads at run time from GET /config.json (spec 1, section 7). */
export const runtimeConfig = z.object({
  apiBase: z.string(),
  userActivityBase: z.string(),
  analyticsBase: z.string(),
  liveOrigin: z.string(),
  sandboxOrigin: z.string(),
  appVersion: z.string(),
  /** E-mail domains reserved for provider staff (spec 2, user form). */
  internalDomains: z.array(z.string()),
  /** Whether the development mailbox page is available (no SMTP configured). */
  mailbox: z.boolean(),
  helpVideos: z.record(z.string(), z.array(z.object({ title: z.string(), url: z.string() }))),
});
export type RuntimeConfig = z.infer<typeof runtimeConfig>;

export type Environment = 'Live' | 'Test';

/** Live when the page is served from the live origin; everything else (sandbox, local, preview) is Test. */
export function environmentOf(origin: string, config: Pick<RuntimeConfig, 'liveOrigin'>): Environment {
  return config.liveOrigin !== '' && origin === config.liveOrigin ? 'Live' : 'Test';
}
