/** What the gateway's answers to an authorization mean, in an operator's words (decision 029). */
export {};
