import helmet from 'helmet';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import { isApiRoute } from './canonical-path';

/**
 * An email's HTML body in the console (demo mode): nothing but its inline styles and inline images, no
 * script, no request anywhere, framed only by the store's own pages, and sandboxed even if opened alone.
 */
export const SENT_EMAIL_PAGE_POLICY =
  "default-src 'none'; style-src 'unsafe-inline'; img-src data:; frame-ancestors 'self'; sandbox";

/**
 * Browser protections on every answer, as helmet sets them (its middleware run once, at start, and the
 * headers it set given to every answer: decision 043): a strict Content-Security-Policy for the storefront
 * and the console (their own scripts, styles and API only; never framed), cross-origin isolation of the
 * window and of resources, HSTS when the store is served over HTTPS. The sandbox's hosted payment page
 * replaces the policy with its own stricter one. Every API answer is `no-store`: they carry orders,
 * payments and accounts, which no browser or proxy cache may keep (a route whose answer holds nothing of
 * anyone's, a product's picture, says so with `config: { publicAnswer: true }` and sets its own).
 */
export async function registerSecurityHeaders(
  app: FastifyInstance,
  options: {
    publicUrl: string;
    /** Google's pay.js runs the Google Pay button (not the sandbox wallet). */ googlePayJs: boolean;
    /** The gateway's card frame (the iFrame Tokenizer), which the Add Payment Method form holds. */
    cardFrameUrl: string;
  },
): Promise<void> {
  const https = options.publicUrl.startsWith('https:');
  // What Google's pay.js needs: its script, its payment sheet's frame and calls, its button's images.
  const google = options.googlePayJs ? ['https://pay.google.com'] : [];
  // The card frame's origin: the gateway's site, or this one for the mounted sandbox. Pages may frame it
  // and nothing else from there; it is another origin, so the store's scripts cannot read it.
  const cardFrameOrigin = new URL(options.cardFrameUrl).origin;
  const cardFrame = cardFrameOrigin === new URL(options.publicUrl).origin ? [] : [cardFrameOrigin];
  // The one <style> element Google's button component inserts (its fixed "not ready" rules), by its hash;
  // the end-to-end tests fail on any violation, so a new version of it cannot slip past unnoticed.
  const googlePayButtonStyle = "'sha256-B5xZ8LazuQtFFimrw+cAaRu+Sr5JkoCAe9yjirCJR14='";
  const protect = helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", ...google],
        styleSrc: ["'self'", googlePayButtonStyle],
        imgSrc: ["'self'", 'data:', ...(options.googlePayJs ? ['https://www.gstatic.com'] : [])],
        fontSrc: ["'self'"],
        connectSrc: ["'self'", ...google],
        // 'self': the console shows a demo-mode email in a sandboxed frame (SENT_EMAIL_PAGE_POLICY).
        frameSrc: ["'self'", ...cardFrame, ...google],
        objectSrc: ["'none'"],
        baseUri: ["'none'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
        ...(https ? { upgradeInsecureRequests: [] } : {}),
      },
    },
    crossOriginOpenerPolicy: { policy: 'same-origin' },
    crossOriginResourcePolicy: { policy: 'same-origin' },
    // Wallet scripts come from other origins: resources are not required to opt in to being embedded.
    crossOriginEmbedderPolicy: false,
    referrerPolicy: { policy: 'same-origin' },
    frameguard: { action: 'deny' },
    strictTransportSecurity: https ? { maxAge: 31_536_000, includeSubDomains: true } : false,
  });
  const payment = options.googlePayJs ? 'payment=(self "https://pay.google.com")' : 'payment=(self)';
  const headers = {
    ...headersSetBy(protect),
    // helmet has no Permissions-Policy: the payment feature for this origin only, nothing else powerful.
    'permissions-policy': `${payment}, camera=(), microphone=(), geolocation=(), usb=()`,
  };
  // The same for every request (no directive depends on it): worked out once, given to each answer, where a
  // route may still replace one (the reference page's and the sandbox's policies).
  app.addHook('onRequest', (_request, reply, done) => {
    reply.headers(headers);
    done();
  });
  // Last, over whatever a route or plugin set; but for the few answers that hold nothing of anyone's (a
  // product's picture), which say so in their route's config and set their own caching.
  app.addHook('onSend', (request, reply, payload, done) => {
    const shared = (request.routeOptions.config as { publicAnswer?: boolean } | undefined)?.publicAnswer;
    if (isApiRoute(request) && !shared) reply.header('cache-control', 'no-store');
    done(null, payload);
  });
}

/** The headers helmet's middleware sets on an answer, read off it once. */
function headersSetBy(
  protect: (request: IncomingMessage, response: ServerResponse, next: (error?: unknown) => void) => void,
): Record<string, string> {
  const headers: Record<string, string> = {};
  const response = {
    setHeader: (name: string, value: string | number | readonly string[]) => {
      headers[name.toLowerCase()] = String(value);
    },
    removeHeader: (name: string) => delete headers[name.toLowerCase()],
  };
  let failure: unknown;
  protect({} as IncomingMessage, response as unknown as ServerResponse, (error) => (failure = error));
  if (failure) throw failure instanceof Error ? failure : new Error(String(failure));
  return headers;
}
