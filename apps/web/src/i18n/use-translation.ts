import type { i18n as I18n, TFunction } from 'i18next';
import { useContext, useEffect, useMemo, useState, useSyncExternalStore } from 'react';
import { I18nContext, getI18n } from 'react-i18next';

/** The app's namespaces: the UI's texts and, loaded when a static page opens, their long texts. */
type AppNamespace = 'translation' | 'pages';

interface Translation<N extends AppNamespace> {
  t: TFunction<N>;
  i18n: I18n;
  /** False until the namespace's texts for the current language have arrived (they are then asked for). */
  ready: boolean;
}

interface PerInstance {
  subscribe: (onChange: () => void) => () => void;
  fixed: Map<string, TFunction<AppNamespace>>;
}
const perInstance = new WeakMap<I18n, PerInstance>();

function sharedFor(i18n: I18n): PerInstance {
  let shared = perInstance.get(i18n);
  if (!shared) {
    shared = {
      subscribe: (onChange) => {
        i18n.on('languageChanged', onChange);
        return () => i18n.off('languageChanged', onChange);
      },
      fixed: new Map(),
    };
    perInstance.set(i18n, shared);
  }
  return shared;
}

/**
 * i18next's `getFixedT(language, namespace)`, faster: its function copies all of i18next's options
 * into a new object on every call (for selector keys and key prefixes, which this app does not use),
 * about a third of what a text costs. Calls with options (or none) go straight to `i18n.t` with the
 * language and namespace set; any other form is left to getFixedT's function.
 */
export function fixedT(i18n: I18n, language: string, ns: AppNamespace): TFunction<AppNamespace> {
  type Untyped = (key: string | string[], options?: unknown) => unknown;
  const general = i18n.getFixedT(language, ns) as unknown as Untyped;
  const translate = i18n.t.bind(i18n) as unknown as Untyped;
  const t = (key: string | string[], options?: unknown) => {
    if (options === undefined) return translate(key, { lng: language, ns });
    if (options === null || typeof options !== 'object') return general(key, options);
    const given = options as { lng?: string; ns?: string };
    return translate(key, { ...given, lng: given.lng ?? language, ns: given.ns ?? ns });
  };
  return t as unknown as TFunction<AppNamespace>;
}

/**
 * react-i18next's `useTranslation`, as this app uses it, without its cost per component: the first
 * time a component renders, react-i18next copies every property of the i18next instance into a
 * wrapper and builds a new `t` (about 20 µs; a server render of the detail page makes some 150 such
 * calls, 3–4 ms in all). Here the components of one instance share one `t` per language and
 * namespace. Behaviour is react-i18next's defaults': a component renders again when the language
 * changes (its `t` is then a new function), texts added to a loaded namespace are read by the same
 * `t`, and a namespace not loaded yet is asked for and renders once it arrives (`ready`).
 */
export function useTranslation<N extends AppNamespace = 'translation'>(namespace?: N): Translation<N> {
  const i18n = useContext(I18nContext)?.i18n ?? getI18n();
  const ns = namespace ?? 'translation';
  const shared = sharedFor(i18n);
  const language = useSyncExternalStore(
    shared.subscribe,
    () => i18n.language,
    () => i18n.language,
  );
  const [, setArrived] = useState(0);
  const ready = i18n.isInitialized && i18n.hasLoadedNamespace(ns);
  useEffect(() => {
    if (ready) return;
    let current = true;
    void i18n.loadNamespaces(ns).then(() => {
      if (current) setArrived((count) => count + 1);
    });
    return () => {
      current = false;
    };
  }, [i18n, ns, language, ready]);
  const key = `${language}|${ns}`;
  let t = shared.fixed.get(key);
  if (!t) {
    t = fixedT(i18n, language, ns);
    shared.fixed.set(key, t);
  }
  return useMemo(() => ({ t: t as TFunction<N>, i18n, ready }), [t, i18n, ready]);
}
