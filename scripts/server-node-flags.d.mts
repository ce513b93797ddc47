/** The Node flags of the store's compiled server (server-node-flags.mjs). */
export declare const SERVER_NODE_FLAGS: string[];
