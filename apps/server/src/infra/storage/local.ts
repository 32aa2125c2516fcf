import { mkdir, readFile, readdir, rm, stat, writeFile, rename } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import { randomUUID } from 'node:crypto';
import { assertValidKey, type Storage } from './storage.ts';

const PARTIAL_SUFFIX = '.part';

/** Files under `$DATA_DIR/files`; covers are served by the server at `/files/{key}`. */
export function createLocalStorage(rootDir: string): Storage {
  const root = resolve(rootDir);
  const pathOf = (key: string) => {
    assertValidKey(key);
    return join(root, key);
  };
  return {
    driver: 'local',
    async put(key, body) {
      const path = pathOf(key);
      await mkdir(dirname(path), { recursive: true });
      // Write then rename, so a reader never sees half a file.
      const temporary = `${path}.${randomUUID()}${PARTIAL_SUFFIX}`;
      await writeFile(temporary, body);
      await rename(temporary, path);
    },
    async get(key) {
      try {
        return await readFile(pathOf(key));
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
        throw error;
      }
    },
    async delete(key) {
      await rm(pathOf(key), { force: true });
    },
    publicUrl(key) {
      assertValidKey(key);
      return `/files/${key}`;
    },
    async sweepIncompleteWrites(olderThan) {
      let names: string[];
      try {
        names = await readdir(root, { recursive: true });
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return 0;
        throw error;
      }
      let removed = 0;
      for (const name of names) {
        if (!name.endsWith(PARTIAL_SUFFIX)) continue;
        const path = join(root, name);
        const info = await stat(path).catch(() => null);
        if (!info?.isFile() || info.mtime >= olderThan) continue;
        await rm(path, { force: true });
        removed += 1;
      }
      return removed;
    },
  };
}
