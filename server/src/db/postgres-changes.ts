import type PgModule from 'pg';

/**
 * What a node can know, on PostgreSQL, of changes to some tables, so that it may keep what it read of them
 * (auth/repository.ts keeps token lookups): its own writes, counted as they end, and every node's commits,
 * told by PostgreSQL's notifications (`LISTEN`) on a channel that a trigger of those tables notifies.
 */
export interface PostgresConnection {
  /**
   * A count of this process's statements that name one of `tables` and are not reads, each counted when it
   * ends, and again when the transaction it ran in ends: while it reads the same, nothing here wrote to them.
   */
  watchWrites(tables: readonly string[]): () => number;
  /** The notifications of `channel` on a connection of its own, opened on first call and reopened if lost. */
  listen(channel: string): Listening;
}

export interface Listening {
  /**
   * Changes with each notification of another process (a payload that is the process id of one of this pool's
   * connections tells of a write already counted by `watchWrites`), and when the connection is lost or regained
   * (what it missed is unknown).
   */
  generation(): number;
  /** Whether notifications are being received now: while not, nothing read may be kept. */
  active(): boolean;
}

/** How long a lost listening connection waits before it is opened again. */
const RECONNECT_MS = 1_000;

const READ = /^\s*select\b/i;
const TRANSACTION_END = /^\s*(?:commit|rollback)\b/i;

type PgClient = InstanceType<typeof PgModule.Client>;

/** The writes a pool's clients run and the channels listened to; `end` closes the listening connections. */
export function watchPostgres(pg: typeof PgModule, pool: InstanceType<typeof PgModule.Pool>, connectionString: string) {
  const watches: Array<{ names: RegExp; writes: number }> = [];
  /** The watches a client's open transaction has written to: counted again when it ends (commit or rollback). */
  const pending = new WeakMap<PgClient, Set<(typeof watches)[number]>>();
  /** The server process ids of the pool's connections. */
  const own = new Set<string>();
  pool.on('remove', (client) => own.delete(String(processIdOf(client))));
  pool.on('connect', (client) => {
    own.add(String(processIdOf(client)));
    const query = client.query.bind(client) as (...args: unknown[]) => unknown;
    client.query = ((...args: unknown[]) => {
      const text = typeof args[0] === 'string' ? args[0] : null;
      const result = query(...args);
      if (text === null || !(result instanceof Promise)) return result;
      const written = READ.test(text) ? [] : watches.filter((watch) => watch.names.test(text));
      const ended = TRANSACTION_END.test(text) ? pending.get(client) : undefined;
      if (written.length === 0 && !ended) return result;
      const count = () => {
        for (const watch of written) watch.writes += 1;
        if (written.length > 0) {
          const open = pending.get(client) ?? new Set();
          written.forEach((watch) => open.add(watch));
          pending.set(client, open);
        }
        if (ended) {
          for (const watch of ended) watch.writes += 1;
          pending.delete(client);
        }
      };
      return result.finally(count);
    }) as typeof client.query;
  });

  const channels = new Map<string, Listening & { close(): Promise<void> }>();
  const connection: PostgresConnection = {
    watchWrites(tables) {
      const watch = { names: new RegExp(`\\b(?:${tables.join('|')})\\b`, 'i'), writes: 0 };
      watches.push(watch);
      return () => watch.writes;
    },
    listen(channel) {
      let listening = channels.get(channel);
      if (!listening) {
        listening = listenTo(pg, connectionString, channel, (payload) => own.has(payload));
        channels.set(channel, listening);
      }
      return listening;
    },
  };
  const end = async () => {
    await Promise.all([...channels.values()].map((listening) => listening.close()));
    channels.clear();
  };
  return { connection, end };
}

/** The server process of a connected client (pg keeps it from the backend's key data). */
const processIdOf = (client: PgClient) => (client as unknown as { processID: number }).processID;

function listenTo(
  pg: typeof PgModule,
  connectionString: string,
  channel: string,
  isOwn: (payload: string) => boolean,
): Listening & { close(): Promise<void> } {
  let generation = 0;
  let active = false;
  let closed = false;
  let client: PgClient | null = null;
  let retry: NodeJS.Timeout | undefined;

  const lost = () => {
    generation += 1;
    active = false;
    client = null;
    if (!closed) retry = setTimeout(open, RECONNECT_MS).unref();
  };
  function open() {
    const next = new pg.Client({ connectionString, keepAlive: true, keepAliveInitialDelayMillis: 10_000 });
    let gone = false;
    const once = () => {
      if (gone) return;
      gone = true;
      next.end().catch(() => undefined);
      if (client === next || client === null) lost();
    };
    next.on('notification', (message) => {
      if (!isOwn(message.payload ?? '')) generation += 1;
    });
    next.on('error', once);
    next.on('end', once);
    client = next;
    next
      .connect()
      .then(() => next.query(`LISTEN ${channel}`))
      .then(() => {
        if (gone || closed) return;
        // what was committed before this moment is not known to have been seen: everything read earlier goes
        generation += 1;
        active = true;
      })
      .catch(once);
  }
  open();
  return {
    generation: () => generation,
    active: () => active,
    async close() {
      closed = true;
      active = false;
      clearTimeout(retry);
      const last = client;
      client = null;
      await last?.end().catch(() => undefined);
    },
  };
}
