import type { FastifyInstance, FastifyPluginAsync, FastifyPluginCallback } from 'fastify';

/**
 * What the app's parts hand one another, by name: `app.ts` puts in the infrastructure (env,
 * database, storage, mailer, jobs, clock, ...) and each module adds what it builds, with
 * `declare module '../../lib/modules.ts' { interface Provided { ... } }` beside its manifest
 * (docs/decisions/0142-module-manifests.md).
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- filled by declaration merging
export interface Provided {}

/** The events a module's `listeners` subscribe to: whatever the registry calls `events`. */
export type EventsOf<R> = R extends { events: infer E } ? E : never;

/** A Fastify plugin with the options it is registered with. */
export interface ModuleRoute {
  plugin: FastifyPluginAsync<never> | FastifyPluginCallback<never>;
  options: unknown;
}

/** Pairs a plugin with its options, type-checked against each other. */
export function route<O extends object>(
  plugin: FastifyPluginAsync<O> | FastifyPluginCallback<O>,
  ...options: object extends O ? [options?: O] : [options: O]
): ModuleRoute {
  return { plugin: plugin as ModuleRoute['plugin'], options: options[0] ?? {} };
}

/** A job handler as the queue takes it (kept structural so this file does not depend on the queue). */
type Handler<Q> = Q extends { register(kind: string, handler: infer H): unknown } ? H : never;
type JobsOf<R> = R extends { jobs: infer Q } ? Handler<Q> : never;

/**
 * One module, described: what it needs from the registry, what it builds into it, and what it adds
 * to the app (routes and plugins, job handlers, event listeners). `build` gets only what `needs`
 * names; the others get that plus what the module built.
 */
export interface ModuleManifest<R, N extends keyof R, P extends keyof R> {
  name: string;
  needs: readonly N[];
  provides: readonly P[];
  build?(deps: Pick<R, N>): Pick<R, P> | Promise<Pick<R, P>>;
  /** Registered in the order of the module list; a falsy entry is skipped (e.g. a sweep in tests). */
  routes?(built: Pick<R, N | P>): readonly (ModuleRoute | false | null | undefined)[];
  /** Job kind → handler, registered on the registry's `jobs` queue. */
  jobs?(built: Pick<R, N | P>): Record<string, JobsOf<R>>;
  /** Subscribes to domain events (the registry's `events`). */
  listeners?(events: EventsOf<R>, built: Pick<R, N | P>): void;
}

/** A manifest with its key types erased, so manifests of different shapes share one list. */
export interface AnyModule<R> {
  name: string;
  needs: readonly (keyof R & string)[];
  provides: readonly (keyof R & string)[];
  build?(deps: Partial<R>): Partial<R> | Promise<Partial<R>>;
  routes?(built: Partial<R>): readonly (ModuleRoute | false | null | undefined)[];
  jobs?(built: Partial<R>): Record<string, JobsOf<R>>;
  listeners?(events: EventsOf<R>, built: Partial<R>): void;
}

/** Checks a manifest against the registry `R` and erases its key types. */
export function moduleFor<R>() {
  return <N extends keyof R & string = never, P extends keyof R & string = never>(
    manifest: ModuleManifest<R, N, P>,
  ): AnyModule<R> => manifest as unknown as AnyModule<R>;
}

/** Declares a module of the app (its keys checked against `Provided`). */
export const defineModule = moduleFor<Provided>();

/**
 * The modules in an order where each comes after the modules that provide what it needs, and
 * otherwise in the order given. Fails with a message naming the module and the key when a need is
 * provided by nobody, the key when two provide it, and the modules when they need one another.
 */
export function orderModules<R>(
  modules: readonly AnyModule<R>[],
  given: readonly (keyof R & string)[],
): AnyModule<R>[] {
  const provider = new Map<string, AnyModule<R> | 'given'>(given.map((key) => [key, 'given']));
  for (const module of modules) {
    for (const key of module.provides) {
      const other = provider.get(key);
      if (other) {
        const by = other === 'given' ? 'the infrastructure' : `module "${other.name}"`;
        throw new Error(`module "${module.name}" provides "${key}", which ${by} already provides`);
      }
      provider.set(key, module);
    }
  }
  const ordered: AnyModule<R>[] = [];
  const state = new Map<AnyModule<R>, 'visiting' | 'done'>();
  const visit = (module: AnyModule<R>, path: AnyModule<R>[]) => {
    if (state.get(module) === 'done') return;
    if (state.get(module) === 'visiting') {
      const cycle = [...path.slice(path.indexOf(module)), module].map((m) => m.name);
      throw new Error(`modules need one another in a cycle: ${cycle.join(' → ')}`);
    }
    state.set(module, 'visiting');
    for (const key of module.needs) {
      const from = provider.get(key);
      if (!from) throw new Error(`module "${module.name}" needs "${key}", which nothing provides`);
      if (from !== 'given') visit(from, [...path, module]);
    }
    state.set(module, 'done');
    ordered.push(module);
  };
  for (const module of modules) visit(module, []);
  return ordered;
}

/**
 * Builds every module in dependency order, each from the slice of the registry it needs, and
 * returns the registry with everything built. Checked before anything is built (`orderModules`);
 * a module that returns less than it promised fails too.
 */
export async function buildModules<R>(modules: readonly AnyModule<R>[], given: Partial<R>): Promise<R> {
  const registry: Partial<R> = { ...given };
  for (const module of orderModules(modules, Object.keys(given) as (keyof R & string)[])) {
    const deps = pick(registry, module.needs);
    const built: Partial<R> = module.build ? await module.build(deps) : {};
    for (const key of module.provides) {
      if (!(key in built)) throw new Error(`module "${module.name}" did not build "${key}"`);
      registry[key] = built[key];
    }
  }
  return registry as R;
}

/**
 * Adds the modules to the app in the order of the list: their routes and plugins, their job
 * handlers on `registry.jobs` and their listeners on `registry.events`.
 */
export async function registerModules<R>(
  app: FastifyInstance,
  modules: readonly AnyModule<R>[],
  registry: R,
): Promise<void> {
  const { jobs, events } = registry as {
    jobs?: { register(kind: string, handler: unknown): void };
    events?: unknown;
  };
  for (const module of modules) {
    const built = pick<R>(registry, [...module.needs, ...module.provides]);
    for (const entry of module.routes?.(built) ?? []) {
      if (entry) await app.register(entry.plugin as FastifyPluginAsync, entry.options as object);
    }
    const handlers = Object.entries(module.jobs?.(built) ?? {});
    if (handlers.length > 0 && !jobs)
      throw new Error(`module "${module.name}" has jobs but there is no job queue`);
    for (const [kind, handler] of handlers) jobs?.register(kind, handler);
    if (module.listeners && !events)
      throw new Error(`module "${module.name}" listens to events but there are none`);
    module.listeners?.(events as EventsOf<R>, built);
  }
}

function pick<R>(registry: Partial<R>, keys: readonly (keyof R)[]): Partial<R> {
  const slice: Partial<R> = {};
  for (const key of keys) slice[key] = registry[key];
  return slice;
}
