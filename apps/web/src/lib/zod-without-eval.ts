import { z } from 'zod';

// Zod compiles object checks with `new Function` when it can, and probes for it with one: the page's
// Content-Security-Policy forbids eval, so the probe would be reported as a violation. Set before any
// schema is built (this module is the entry's first import).
z.config({ jitless: true });
