import { z } from 'zod';

// Zod compiles object checks with `new Function` when it can, and probes for it with one: the page's
// Content-Security-Policy forbids eval, so the probe would be reported as a violation. Set before any
// schema is built: every chunk that builds schemas is loaded through app/lazy-part.tsx, which imports
// this module first (the storefront's entry has no zod at all, to keep it small).
z.config({ jitless: true });
