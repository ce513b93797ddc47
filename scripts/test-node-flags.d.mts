/** The Node flags of the processes the tests start that open an embedded database (test-node-flags.mjs). */
export declare const TEST_NODE_FLAGS: string[];
