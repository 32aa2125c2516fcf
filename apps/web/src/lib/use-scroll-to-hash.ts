import { useEffect } from 'react';
import { useLocation } from 'react-router';

/**
 * Brings the element the address's `#hash` names into view once it is drawn (`ready`): links into a
 * section that a query draws later (a workflow's reviews or Buy block, a terms section, My sales'
 * bundles). With `only`, just that one id; otherwise whatever the hash names.
 */
export function useScrollToHash(only?: string, ready = true) {
  const { hash } = useLocation();
  useEffect(() => {
    const id = hash.slice(1);
    if (!ready || !id || (only !== undefined && id !== only)) return;
    const frame = requestAnimationFrame(() => document.getElementById(id)?.scrollIntoView?.());
    return () => cancelAnimationFrame(frame);
  }, [hash, only, ready]);
}
