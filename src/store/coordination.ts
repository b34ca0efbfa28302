import type pg from 'pg';
import type { Engine } from './database.ts';

/**
 * Coordination between API processes sharing one store.
 * - Leadership: on PostgreSQL, a session-level advisory lock held on a dedicated connection; the process holding
 *   it runs the refreshes. When that process dies its session ends, the lock is released, and the next process
 *   to try takes over. The embedded SQLite store has one process, which always leads.
 * - Publication notices: PostgreSQL LISTEN/NOTIFY on a dedicated connection (callers also poll, as a fallback
 *   for a dropped connection); with SQLite, notices stay in the process.
 */
export interface Coordination {
  /** Tries to become (or checks it still is) the leader. */
  tryLead(): Promise<boolean>;
  readonly isLeader: boolean;
  notifyPublished(id: number): Promise<void>;
  /** Registers a listener; resolves when notices can be received (LISTEN is in place). */
  onPublished(listener: (id: number) => void): Promise<void>;
  /** Re-establishes the notification connection if it dropped (called from the polling loop). */
  maintain(): void;
  close(): Promise<void>;
}

export const CHANNEL = 'usd_liquidity_published';
/** Advisory lock key: the first 8 bytes of "usd-liquidity refresh" as a bigint-safe constant. */
export const LEADER_LOCK_KEY = 7_204_825_612_341_017;

/** The PostgreSQL driver is loaded only when PostgreSQL is configured. */
export async function createCoordination(
  databaseUrl: string,
  engine: Engine,
  onError: (error: Error) => void = () => {},
): Promise<Coordination> {
  if (engine !== 'postgres') return localCoordination();
  const { default: driver } = await import('pg');
  return postgresCoordination(databaseUrl, onError, driver);
}

function localCoordination(): Coordination {
  const listeners: Array<(id: number) => void> = [];
  return {
    tryLead: async () => true,
    isLeader: true,
    async notifyPublished(id) {
      for (const listener of listeners) listener(id);
    },
    async onPublished(listener) {
      listeners.push(listener);
    },
    maintain() {},
    async close() {},
  };
}

function postgresCoordination(databaseUrl: string, onError: (error: Error) => void, driver: typeof pg): Coordination {
  let leaderClient: pg.Client | undefined;
  let leading = false;
  let listenClient: pg.Client | undefined;
  let closed = false;
  const listeners: Array<(id: number) => void> = [];

  const dropLeader = (error?: Error) => {
    if (error) onError(error);
    leading = false;
    const client = leaderClient;
    leaderClient = undefined;
    client?.end().catch(() => {});
  };

  /** The LISTEN connection being set up, so that every caller can wait for the same one. */
  let listening: Promise<void> | undefined;
  const listen = (): Promise<void> => {
    if (closed) return Promise.resolve();
    if (listenClient && listening) return listening;
    listening = connectListener();
    return listening;
  };
  const connectListener = async () => {
    const client = new driver.Client({ connectionString: databaseUrl });
    listenClient = client;
    client.on('error', (error) => {
      onError(error);
      listenClient = undefined;
      client.end().catch(() => {});
    });
    client.on('notification', (message) => {
      const id = Number(message.payload);
      if (Number.isInteger(id)) for (const listener of listeners) listener(id);
    });
    try {
      await client.connect();
      await client.query(`LISTEN ${CHANNEL}`);
    } catch (error) {
      onError(error as Error);
      listenClient = undefined;
      client.end().catch(() => {});
    }
  };

  return {
    get isLeader() {
      return leading;
    },
    async tryLead() {
      if (closed) return false;
      try {
        if (leading && leaderClient) {
          // Still connected? The lock lives exactly as long as this session.
          await leaderClient.query('select 1');
          return true;
        }
        if (!leaderClient) {
          const client = new driver.Client({ connectionString: databaseUrl });
          client.on('error', (error) => dropLeader(error));
          await client.connect();
          leaderClient = client;
        }
        const result = await leaderClient.query<{ locked: boolean }>(
          'select pg_try_advisory_lock($1::bigint) as locked',
          [LEADER_LOCK_KEY],
        );
        leading = result.rows[0]?.locked === true;
        return leading;
      } catch (error) {
        dropLeader(error as Error);
        return false;
      }
    },
    async notifyPublished(id) {
      const client = new driver.Client({ connectionString: databaseUrl });
      try {
        await client.connect();
        await client.query('select pg_notify($1, $2)', [CHANNEL, String(id)]);
      } finally {
        await client.end().catch(() => {});
      }
    },
    onPublished(listener) {
      listeners.push(listener);
      return listen();
    },
    maintain() {
      if (listeners.length > 0) void listen();
    },
    async close() {
      closed = true;
      leading = false;
      await Promise.all([leaderClient?.end().catch(() => {}), listenClient?.end().catch(() => {})]);
      leaderClient = undefined;
      listenClient = undefined;
    },
  };
}
