import Fastify, { type FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import { buildModules, moduleFor, orderModules, registerModules, route } from './modules.ts';

interface Registry {
  prefix: string;
  greeter: { greet(name: string): string };
  shouter: { shout(name: string): string };
  loop: number;
  other: number;
  jobs: { register(kind: string, handler: (payload: Record<string, unknown>) => Promise<void>): void };
  events: { on(event: string, listener: () => void): void };
}
const defineModule = moduleFor<Registry>();

const greeter = defineModule({
  name: 'greeter',
  needs: ['prefix'],
  provides: ['greeter'],
  build: ({ prefix }) => ({ greeter: { greet: (name) => `${prefix} ${name}` } }),
});
const shouter = defineModule({
  name: 'shouter',
  needs: ['greeter'],
  provides: ['shouter'],
  build: ({ greeter }) => ({ shouter: { shout: (name) => greeter.greet(name).toUpperCase() } }),
});
const names = (modules: { name: string }[]) => modules.map((module) => module.name);

describe('module manifests', () => {
  it('builds each module after the ones that provide what it needs, otherwise in list order', async () => {
    const last = defineModule({ name: 'last', needs: [], provides: [] });
    expect(names(orderModules([shouter, last, greeter], ['prefix']))).toEqual(['greeter', 'shouter', 'last']);
    const { registry } = await buildModules([shouter, last, greeter], { prefix: 'hello' });
    expect(registry.shouter.shout('ana')).toBe('HELLO ANA');
  });

  it('fails at start naming the module and the key nothing provides', async () => {
    expect(() => orderModules([shouter], ['prefix'])).toThrow(
      'module "shouter" needs "greeter", which nothing provides',
    );
    await expect(buildModules([greeter], {})).rejects.toThrow(
      'module "greeter" needs "prefix", which nothing provides',
    );
  });

  it('fails at start naming the modules that need one another in a cycle', () => {
    const a = defineModule({ name: 'a', needs: ['other'], provides: ['loop'], build: () => ({ loop: 1 }) });
    const b = defineModule({ name: 'b', needs: ['loop'], provides: ['other'], build: () => ({ other: 2 }) });
    expect(() => orderModules([greeter, a, b], ['prefix'])).toThrow(
      'modules need one another in a cycle: a → b → a',
    );
  });

  it('fails when two provide one key, or a module does not build what it promised', async () => {
    const twice = defineModule({
      name: 'twice',
      needs: [],
      provides: ['prefix'],
      build: () => ({ prefix: 'x' }),
    });
    expect(() => orderModules([twice], ['prefix'])).toThrow(
      'module "twice" provides "prefix", which the infrastructure already provides',
    );
    const empty = defineModule({
      name: 'empty',
      needs: [],
      provides: ['loop'],
      build: () => ({}) as { loop: number },
    });
    await expect(buildModules([empty], {})).rejects.toThrow('module "empty" did not build "loop"');
  });

  it('registers routes in list order, skipping falsy ones, and hands jobs and listeners what the module sees', async () => {
    const app = Fastify();
    const seen: string[] = [];
    const jobs: Registry['jobs'] = { register: (kind) => seen.push(`job ${kind}`) };
    const events: Registry['events'] = { on: (event) => seen.push(`listener ${event}`) };
    const web = defineModule({
      name: 'web',
      needs: ['shouter'],
      provides: [],
      // Built for its own routes only: not in the registry.
      build: ({ shouter }) => ({ page: (word: string) => shouter.shout(word) }),
      routes: ({ page }) => [
        false,
        route(
          async (instance: FastifyInstance, options: { word: string }) => {
            instance.get('/*', async () => page(options.word));
          },
          { word: 'catch-all' },
        ),
      ],
      jobs: ({ shouter }) => ({ [shouter.shout('job')]: async () => undefined }),
      listeners: (on, { page }) => on.on(page('event'), () => undefined),
    });
    const list = [greeter, shouter, web];
    await registerModules(app, await buildModules(list, { prefix: 'hi', jobs, events }));
    expect(seen).toEqual(['job HI JOB', 'listener HI EVENT']);
    expect((await app.inject('/anything')).body).toBe('HI CATCH-ALL');
    await app.close();
  });
});
