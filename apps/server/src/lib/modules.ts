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

/** Pairs a plugin with its options (and an optional route prefix), type-checked against each other. */
export function route<O extends object>(
  plugin: FastifyPluginAsync<O> | FastifyPluginCallback<O>,
  ...options: object extends O ? [options?: O & Prefix] : [options: O & Prefix]
): ModuleRoute {
  return { plugin: plugin as ModuleRoute['plugin'], options: options[0] ?? {} };
}
type Prefix = { prefix?: string };

/** A job handler as the queue takes it (kept structural so this file does not depend on the queue). */
type Handler<Q> = Q extends { register(kind: string, handler: infer H): unknown } ? H : never;
type JobsOf<R> = R extends { jobs: infer Q } ? Handler<Q> : never;

/** What a module's routes, jobs and listeners see: what it needs and everything it built. */
type Seen<R, N extends keyof R, B> = Pick<R, N> & B;

/**
 * One module, described: what it needs from the registry (`needs`), which of the things it builds
 * go into the registry for others (`provides`), and what it adds to the app: routes and plugins,
 * job handlers, event listeners. `build` gets only what `needs` names and may build more than it
 * provides (its own services, seen only by its routes, jobs and listeners).
 */
export interface ModuleManifest<R, N extends keyof R, P extends keyof R, B extends Pick<R, P>> {
  name: string;
  needs: readonly N[];
  provides: readonly P[];
  build?(deps: Pick<R, N>): B | Promise<B>;
  /** Registered in the order of the module list; a falsy entry is skipped (e.g. a sweep in tests). */
  routes?(built: Seen<R, N, B>): readonly (ModuleRoute | false | null | undefined)[];
  /** Job kind → handler, registered on the registry's `jobs` queue. */
  jobs?(built: Seen<R, N, B>): Record<string, JobsOf<R>>;
  /** Subscribes to domain events (the registry's `events`). */
  listeners?(events: EventsOf<R>, built: Seen<R, N, B>): void;
}

type Loose<R> = Partial<R> & Record<string, unknown>;

/** A manifest with its key types erased, so manifests of different shapes share one list. */
export interface AnyModule<R> {
  name: string;
  needs: readonly (keyof R & string)[];
  provides: readonly (keyof R & string)[];
  build?(deps: Loose<R>): Loose<R> | Promise<Loose<R>>;
  routes?(built: Loose<R>): readonly (ModuleRoute | false | null | undefined)[];
  jobs?(built: Loose<R>): Record<string, JobsOf<R>>;
  listeners?(events: EventsOf<R>, built: Loose<R>): void;
}

/** Checks a manifest against the registry `R` and erases its key types. */
export function moduleFor<R>() {
  return <
    N extends keyof R & string = never,
    P extends keyof R & string = never,
    B extends Pick<R, P> = Pick<R, P>,
  >(
    manifest: ModuleManifest<R, N, P, B>,
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

/** The registry with everything built, and what each module built (its own services included). */
export interface BuiltModules<R> {
  /** The modules in the order they were listed (the order their routes are registered in). */
  modules: readonly AnyModule<R>[];
  registry: R;
  seen: Map<AnyModule<R>, Loose<R>>;
}

/**
 * Builds every module in dependency order, each from the slice of the registry it needs. Checked
 * before anything is built (`orderModules`); a module that builds less than it provides fails too.
 */
export async function buildModules<R>(
  modules: readonly AnyModule<R>[],
  given: Partial<R>,
): Promise<BuiltModules<R>> {
  const registry: Loose<R> = { ...given };
  const seen = new Map<AnyModule<R>, Loose<R>>();
  for (const module of orderModules(modules, Object.keys(given) as (keyof R & string)[])) {
    const deps = pick(registry, module.needs);
    const built: Loose<R> = module.build ? await module.build(deps) : {};
    for (const key of module.provides) {
      if (!(key in built)) throw new Error(`module "${module.name}" did not build "${key}"`);
      registry[key] = built[key];
    }
    seen.set(module, { ...deps, ...built });
  }
  return { modules, registry: registry as R, seen };
}

/**
 * Adds the modules to the app in the order of the list: their routes and plugins, their job
 * handlers on the registry's `jobs` and their listeners on its `events`.
 */
export async function registerModules<R>(
  app: FastifyInstance,
  { modules, registry, seen }: BuiltModules<R>,
): Promise<void> {
  const { jobs, events } = registry as {
    jobs?: { register(kind: string, handler: unknown): void };
    events?: unknown;
  };
  for (const module of modules) {
    const built = seen.get(module) ?? {};
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

function pick<R>(registry: Loose<R>, keys: readonly (keyof R & string)[]): Loose<R> {
  const slice: Loose<R> = {};
  for (const key of keys) slice[key] = registry[key];
  return slice;
}
