import SQLite from 'better-sqlite3';
import type pg from 'pg';
import type { Engine } from './database.ts';

/**
 * Coordination between API processes sharing one store.
 * - Leadership: on PostgreSQL, a session-level advisory lock held on a dedicated connection; the process holding
 *   it runs the refreshes. When that process dies its session ends, the lock is released, and the next process
 *   to try takes over. On an SQLite file, an exclusive lock on a small lock database beside it (`<file>-leader`),
 *   held by an open transaction on a dedicated connection: the operating system drops it when the process exits
 *   or is killed, so `npm start` twice on one store gives one refresher, and the other takes over when it dies.
 *   An in-memory store has one process, which always leads.
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
  if (engine === 'sqlite') {
    const path = databaseUrl.replace(/^sqlite:/, '');
    return path === ':memory:' ? localCoordination() : sqliteCoordination(`${path}-leader`, onError);
  }
  const { default: driver } = await import('pg');
  return new PostgresCoordination(databaseUrl, onError, driver);
}

function localCoordination(lead: () => boolean = () => true, release: () => void = () => {}): Coordination {
  const listeners: Array<(id: number) => void> = [];
  let leading = false;
  return {
    tryLead: async () => {
      leading = lead();
      return leading;
    },
    get isLeader() {
      return leading;
    },
    async notifyPublished(id) {
      for (const listener of listeners) listener(id);
    },
    async onPublished(listener) {
      listeners.push(listener);
    },
    maintain() {},
    async close() {
      leading = false;
      release();
    },
  };
}

/**
 * Leadership over an SQLite store: `BEGIN EXCLUSIVE` on a dedicated connection to the lock database, never
 * committed. SQLite takes the file lock at once or answers SQLITE_BUSY (no wait: busy_timeout 0); the lock is the
 * operating system's, so it goes with the process. Publication notices stay in the process (other processes
 * poll the publication log).
 */
function sqliteCoordination(lockPath: string, onError: (error: Error) => void): Coordination {
  let connection: SQLite.Database | undefined;
  let held = false;
  const lead = () => {
    if (held) return true;
    try {
      connection ??= new SQLite(lockPath, { timeout: 0 });
      connection.exec('BEGIN EXCLUSIVE');
      held = true;
    } catch (error) {
      if ((error as { code?: string }).code !== 'SQLITE_BUSY') onError(error as Error);
    }
    return held;
  };
  const release = () => {
    held = false;
    connection?.close();
    connection = undefined;
  };
  return localCoordination(lead, release);
}

/** Leadership by a session-level advisory lock on a connection of its own; notices by LISTEN/NOTIFY on another. */
class PostgresCoordination implements Coordination {
  #leaderClient: pg.Client | undefined;
  #leading = false;
  #listenClient: pg.Client | undefined;
  /** The LISTEN connection being set up, so that every caller can wait for the same one. */
  #listening: Promise<void> | undefined;
  #closed = false;
  readonly #listeners: Array<(id: number) => void> = [];

  readonly #newClient: () => pg.Client;
  readonly onError: (error: Error) => void;

  constructor(databaseUrl: string, onError: (error: Error) => void, driver: typeof pg) {
    this.#newClient = () => new driver.Client({ connectionString: databaseUrl });
    this.onError = onError;
  }

  get isLeader(): boolean {
    return this.#leading;
  }

  async tryLead(): Promise<boolean> {
    if (this.#closed) return false;
    try {
      if (this.#leading && this.#leaderClient) {
        // Still connected? The lock lives exactly as long as this session.
        await this.#leaderClient.query('select 1');
        return true;
      }
      const client = await this.#leaderConnection();
      const result = await client.query<{ locked: boolean }>('select pg_try_advisory_lock($1::bigint) as locked', [
        LEADER_LOCK_KEY,
      ]);
      this.#leading = result.rows[0]?.locked === true;
      return this.#leading;
    } catch (error) {
      this.#dropLeader(error as Error);
      return false;
    }
  }

  async notifyPublished(id: number): Promise<void> {
    const client = this.#newClient();
    try {
      await client.connect();
      await client.query('select pg_notify($1, $2)', [CHANNEL, String(id)]);
    } finally {
      await client.end().catch(() => {});
    }
  }

  onPublished(listener: (id: number) => void): Promise<void> {
    this.#listeners.push(listener);
    return this.#listen();
  }

  maintain(): void {
    if (this.#listeners.length > 0) void this.#listen();
  }

  async close(): Promise<void> {
    this.#closed = true;
    this.#leading = false;
    await Promise.all([this.#leaderClient?.end().catch(() => {}), this.#listenClient?.end().catch(() => {})]);
    this.#leaderClient = undefined;
    this.#listenClient = undefined;
  }

  async #leaderConnection(): Promise<pg.Client> {
    if (this.#leaderClient) return this.#leaderClient;
    const client = this.#newClient();
    client.on('error', (error) => this.#dropLeader(error));
    await client.connect();
    this.#leaderClient = client;
    return client;
  }

  #dropLeader(error?: Error): void {
    if (error) this.onError(error);
    this.#leading = false;
    const client = this.#leaderClient;
    this.#leaderClient = undefined;
    client?.end().catch(() => {});
  }

  #listen(): Promise<void> {
    if (this.#closed) return Promise.resolve();
    if (this.#listenClient && this.#listening) return this.#listening;
    this.#listening = this.#connectListener();
    return this.#listening;
  }

  async #connectListener(): Promise<void> {
    const client = this.#newClient();
    this.#listenClient = client;
    const drop = () => {
      this.#listenClient = undefined;
      client.end().catch(() => {});
    };
    client.on('error', (error) => {
      this.onError(error);
      drop();
    });
    client.on('notification', (message) => {
      const id = Number(message.payload);
      if (Number.isInteger(id)) for (const listener of this.#listeners) listener(id);
    });
    try {
      await client.connect();
      await client.query(`LISTEN ${CHANNEL}`);
    } catch (error) {
      this.onError(error as Error);
      drop();
    }
  }
}
