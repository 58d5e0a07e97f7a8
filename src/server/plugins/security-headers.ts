import fastifyHelmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';

// Security headers on every answer (issue 11), through @fastify/helmet. Tokens live in localStorage, so the
// Content-Security-Policy is the second line of defence against injected script: scripts, styles and connections
// come from this origin only, nothing inline, and no other origin may frame the console.

/**
 * The console's policy. The built console is one module script and one stylesheet from /assets; React sets styles
 * through the CSSOM, which CSP does not govern, so no inline style is needed. The favicon is a data: URL.
 * `upgrade-insecure-requests` is left out on purpose: the server speaks plain HTTP (TLS is a proxy's job), and the
 * directive would send the console's own requests to https on a LAN address.
 */
export const CONTENT_SECURITY_POLICY = {
  defaultSrc: ["'self'"],
  scriptSrc: ["'self'"],
  scriptSrcAttr: ["'none'"],
  styleSrc: ["'self'"],
  imgSrc: ["'self'", 'data:'],
  fontSrc: ["'self'"],
  connectSrc: ["'self'"],
  frameAncestors: ["'none'"],
  baseUri: ["'self'"],
  formAction: ["'self'"],
  objectSrc: ["'none'"],
};

export async function registerSecurityHeaders(app: FastifyInstance): Promise<void> {
  await app.register(fastifyHelmet, {
    contentSecurityPolicy: { useDefaults: false, directives: CONTENT_SECURITY_POLICY },
    frameguard: { action: 'deny' },
    // Only the origin leaves the console (never a path: console paths carry account ids and reset tokens), while
    // same-origin requests keep their Origin header, which 'no-referrer' would turn into 'null'.
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
  });
}

/**
 * The OpenAPI page (@fastify/swagger-ui) loads only files from this origin, like the console; its one inline
 * stylesheet, inside the Swagger logo's SVG (`.logo_small_svg__cls-2{fill:#fff}.logo_small_svg__cls-3{fill:#85ea2d}`),
 * is allowed by its hash, so the page needs no 'unsafe-inline'. A new swagger-ui version may change it: the browser
 * then reports the violation (e2e/start.spec.ts checks the page) and names the new hash.
 */
export const API_DOCS_STYLE_HASH = "'sha256-RL3ie0nH+Lzz2YNqQN83mnU0J1ot4QL7b99vMdIX99w='";

/** swagger-ui's `transformStaticCSP`: the policy set above, with the docs' stylesheet hash added to style-src. */
export function apiDocsPolicy(header: string): string {
  return header.replace(/(^|;)(\s*style-src[^;]*)/, `$1$2 ${API_DOCS_STYLE_HASH}`);
}
