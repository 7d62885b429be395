// The part of autocannon's API the benches use (the package ships no types).
declare module 'autocannon' {
  interface Options {
    url: string;
    connections?: number;
    duration?: number;
    method?: string;
    headers?: Record<string, string>;
    body?: string | Buffer;
    /** Called once per connection (bench/saves.ts gives each its own requests and state). */
    setupClient?: (client: { setRequests(requests: object[]): void }) => void;
    /** Requests made in turn; `setupRequest` builds each one anew (bench/my-books.ts signs each in as another reader). */
    requests?: Array<{ setupRequest?: (request: RequestData) => RequestData }>;
  }
  interface RequestData {
    headers?: Record<string, string>;
  }
  interface Result {
    requests: { average: number };
    latency: { p50: number; p99: number };
    non2xx: number;
  }
  function autocannon(options: Options): Promise<Result>;
  export = autocannon;
}
