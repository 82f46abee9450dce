import type { MiddlewareHandler } from 'hono';
import { secureHeaders } from 'hono/secure-headers';
import { afterUnlessComplete } from './complete-replies.ts';

/**
 * The security headers of every reply, pages and API alike. The renderer is Vite-built: its scripts are files under
 * /assets (no inline script), so scripts are limited to our own origin, and nothing may turn a string into code (no
 * 'unsafe-eval': the forms validate with an interpreting JSON Schema validator, renderer/src/forms/schema-validator.ts,
 * not ajv's generated code). Styles also allow inline ones,
 * because AG Grid injects its theme as <style> elements and the screens set style attributes; a style cannot run code.
 * Embedded objects are only the PDFs the renderer itself fetched and wrapped as blob: URLs (the manual reader).
 * Nothing may frame Stratum (clickjacking), the browser must not guess content types (an upload served as HTML), and
 * the full address (which may carry a reset key) never leaves in a Referer.
 */
const secured: MiddlewareHandler = secureHeaders({
  contentSecurityPolicy: {
    defaultSrc: ["'self'"],
    scriptSrc: ["'self'"],
    styleSrc: ["'self'", "'unsafe-inline'"],
    imgSrc: ["'self'", 'data:', 'blob:'],
    fontSrc: ["'self'", 'data:'],
    connectSrc: ["'self'"],
    workerSrc: ["'self'", 'blob:'],
    // a PDF the renderer fetched with the token and shows inline (a user manual) is a blob: URL of this origin, which
    // only our own scripts can make; no plugin content from anywhere else, not even our own addresses
    objectSrc: ['blob:'],
    // Chromium shows that PDF in a frame of its own, which frame-src (not object-src alone) admits
    frameSrc: ['blob:'],
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

/** Every reply but a complete one (complete-replies.ts), which carries securityHeaderValues itself. */
export const securityHeaders: MiddlewareHandler = afterUnlessComplete(secured);

let values: Record<string, string> | null = null;
{
  // the very headers hono's middleware sets, taken from it once (its work is a list of headers to set after the handler)
  const probe = { res: new Response(null) };
  void secured(probe as never, () => Promise.resolve()).then(() => {
    values = Object.fromEntries(probe.res.headers);
  });
}

/** The security headers as a plain object, for a reply written whole; null in the instant before they are known. */
export const securityHeaderValues = (): Record<string, string> | null => values;
