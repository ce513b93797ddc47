// The Node flags of every process the tests start that opens an embedded database (the Vitest processes,
// the stores and commands they start, the end-to-end run's stores and sandbox gateway, the card data scan):
// PGlite's WebAssembly compiled by V8's baseline compiler only (Liftoff), never again by its optimizing
// compiler as its functions grow hot. A test process opens a database, runs a few hundred statements and
// ends: the optimizing compiler's work did not pay for itself there. A store started this way was ready on
// 2.6 processor-seconds instead of 4.2, and seven route test files took three quarters of the processor
// time (decision 072). The store as deployed keeps its own flags (server-node-flags.mjs).
export const TEST_NODE_FLAGS = ['--liftoff-only'];
