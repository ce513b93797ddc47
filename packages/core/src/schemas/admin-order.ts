/** The console's page of one order (decision 028). */
export {};
