// The part of autocannon's programmatic interface the benchmark uses (the package ships no types).
declare module 'autocannon' {
  interface AutocannonRequest {
    method?: string;
    path?: string;
    headers?: Record<string, string>;
    body?: string;
    setupRequest?: (request: AutocannonRequest) => AutocannonRequest;
  }
  interface AutocannonOptions {
    url: string;
    connections?: number;
    duration?: number;
    method?: string;
    headers?: Record<string, string>;
    body?: string;
    requests?: AutocannonRequest[];
    /** Requests a second across all connections, instead of as many as the server answers. */
    overallRate?: number;
  }
  interface Histogram {
    average: number;
    mean: number;
    p50: number;
    p90: number;
    p99: number;
    max: number;
  }
  interface AutocannonResult {
    requests: Histogram & { total: number };
    latency: Histogram;
    throughput: Histogram;
    duration: number;
    errors: number;
    timeouts: number;
    non2xx: number;
    '2xx': number;
  }
  /** A run under way, given a callback: stop() ends it early, and the callback has what was measured. */
  interface AutocannonInstance {
    stop(): void;
  }
  function autocannon(options: AutocannonOptions): Promise<AutocannonResult>;
  function autocannon(
    options: AutocannonOptions,
    done: (error: Error | null, result: AutocannonResult) => void,
  ): AutocannonInstance;
  export type { AutocannonResult };
  export default autocannon;
}
