import pg from 'pg';

/**
 * PostgreSQL for the store and multi-process tests: TEST_DATABASE_URL names a server and a role that may create
 * databases (.ci/run sets it up from Debian's packages). Each test file gets a database of its own, because
 * advisory locks and NOTIFY channels are database-wide.
 */
export const TEST_DATABASE_URL = process.env.TEST_DATABASE_URL;

if (process.env.REQUIRE_POSTGRES && !TEST_DATABASE_URL)
  throw new Error('REQUIRE_POSTGRES is set but TEST_DATABASE_URL is not');

export const skipWithoutPostgres = !TEST_DATABASE_URL && 'no TEST_DATABASE_URL (.ci/run starts PostgreSQL and sets it)';

export async function createTestDatabase(): Promise<{ url: string; drop(): Promise<void> }> {
  const admin = new URL(TEST_DATABASE_URL!);
  const name = `usdl_t_${Date.now().toString(36)}_${Math.random().toString(36).slice(2, 8)}`;
  const client = new pg.Client({ connectionString: admin.toString() });
  await client.connect();
  await client.query(`create database ${name}`);
  await client.end();
  const url = new URL(admin.toString());
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      // Processes killed a moment ago may still be closing their sessions: retry briefly, and always close this
      // client (an open client keeps the test process alive after a failed drop).
      const c = new pg.Client({ connectionString: admin.toString() });
      await c.connect();
      try {
        // Sessions this process ended may still be closing on the server's side: each is waited for, so that the
        // drop never terminates a connection whose client is still about (its error would arrive after the test
        // ended). Sessions of processes that were killed may never close by themselves: the drop forces those.
        for (let check = 0; check < 50; check++) {
          const { rows } = await c.query<{ n: string }>(
            'select count(*) as n from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()',
            [name],
          );
          if (Number(rows[0]!.n) === 0) break;
          await new Promise((resolve) => setImmediate(resolve));
        }
        await dropDatabase(c, name);
      } finally {
        await c.end();
      }
    },
  };
}

/**
 * Drops a test database. A plain drop first: PostgreSQL itself stops an autovacuum worker busy in it (it showed up
 * on a loaded machine, and a forced drop cannot end it: "must be a member of the role whose process is being
 * terminated"). Sessions still open (processes killed a moment ago) are then forced out. Each refusal of either
 * kind is retried a while: the worker, or the session, is on its way out.
 */
async function dropDatabase(c: pg.Client, name: string): Promise<void> {
  const IN_USE = '55006';
  const NOT_OURS = '42501';
  let last: unknown;
  for (let attempt = 0; attempt < 100; attempt++) {
    try {
      await c.query(`drop database if exists ${name}`);
      return;
    } catch (cause) {
      last = cause;
      if ((cause as { code?: string }).code !== IN_USE) throw cause;
    }
    try {
      await c.query(`drop database if exists ${name} with (force)`);
      return;
    } catch (cause) {
      last = cause;
      const code = (cause as { code?: string }).code;
      if (code !== IN_USE && code !== NOT_OURS) throw cause;
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`test database ${name} still in use after 100 attempts to drop it`, { cause: last });
}
