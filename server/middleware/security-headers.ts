import type { MiddlewareHandler } from 'hono';
import { secureHeaders } from 'hono/secure-headers';

/**
 * The security headers of every reply, pages and API alike. The renderer is Vite-built: its scripts are files under
 * /assets (no inline script), so scripts are limited to our own origin. 'unsafe-eval' stays until the forms validate
 * without compiling code: react-jsonschema-form's ajv validator compiles each schema with Function() (blocked without
 * it, as tests/security/renderer-under-csp.test.ts shows); an injected <script> or on…= handler is still refused,
 * because inline script is not allowed. Styles also allow inline ones,
 * because AG Grid injects its theme as <style> elements and the screens set style attributes; a style cannot run code.
 * Nothing may frame Stratum (clickjacking), the browser must not guess content types (an upload served as HTML), and
 * the full address (which may carry a reset key) never leaves in a Referer.
 */
export const securityHeaders: MiddlewareHandler = secureHeaders({
  contentSecurityPolicy: {
    defaultSrc: ["'self'"],
    scriptSrc: ["'self'", "'unsafe-eval'"],
    styleSrc: ["'self'", "'unsafe-inline'"],
    imgSrc: ["'self'", 'data:', 'blob:'],
    fontSrc: ["'self'", 'data:'],
    connectSrc: ["'self'"],
    workerSrc: ["'self'", 'blob:'],
    objectSrc: ["'none'"],
    baseUri: ["'self'"],
    formAction: ["'self'"],
    frameAncestors: ["'none'"],
  },
  xFrameOptions: 'DENY',
  xContentTypeOptions: 'nosniff',
  referrerPolicy: 'no-referrer',
  // the renderer loads nothing from other origins, so these cost nothing and close cross-origin leaks
  crossOriginOpenerPolicy: 'same-origin',
  crossOriginResourcePolicy: 'same-origin',
  strictTransportSecurity: 'max-age=31536000; includeSubDomains',
  removePoweredBy: true,
});
