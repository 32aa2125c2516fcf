/** A scratch PostgreSQL database for one bench run, dropped afterwards whatever happens. */
import pg from 'pg';

export const PG_ADMIN_URL = process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

/** Creates database `name` next to BENCH_PG_URL's, runs `run` with its URL, then drops it. */
export async function withScratchDatabase<T>(name: string, run: (url: string) => Promise<T>): Promise<T> {
  const admin = new pg.Client({ connectionString: PG_ADMIN_URL });
  await admin.connect();
  await admin.query(`create database ${name}`);
  try {
    const url = new URL(PG_ADMIN_URL);
    url.pathname = `/${name}`;
    return await run(url.toString());
  } finally {
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
  }
}
