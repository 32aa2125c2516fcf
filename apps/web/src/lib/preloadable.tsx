import { lazy, type ComponentType } from 'react';

/**
 * A lazily loaded component that renders at once once its module is loaded (`preload()`). The
 * server render preloads the parts a page shows first, so their content is in its HTML rather than
 * their fallback; in the browser it is `React.lazy`, and hydration keeps the server's markup until
 * the chunk arrives.
 */
export function preloadable<P extends object>(load: () => Promise<ComponentType<P>>) {
  let loaded: ComponentType<P> | null = null;
  let loading: Promise<ComponentType<P>> | null = null;
  const preload = () =>
    (loading ??= load().then((component) => {
      loaded = component;
      return component;
    }));
  const Lazy = lazy(() => preload().then((component) => ({ default: component })));
  function Preloadable(props: P) {
    const Component = loaded ?? Lazy;
    return <Component {...props} />;
  }
  return Object.assign(Preloadable, { preload });
}
