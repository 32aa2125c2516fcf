import { useEffect, useRef, useState, type ReactNode } from 'react';

/**
 * Renders `children` once the placeholder comes near the viewport, so heavy parts below the
 * fold (the graph preview, the markdown renderer) do not load with the page.
 */
export function WhenVisible({
  children,
  placeholder,
  margin = '0px',
  initiallyVisible = false,
}: {
  children: ReactNode;
  placeholder: ReactNode;
  margin?: string;
  /** Render `children` from the start (their data is already here, e.g. from the server render). */
  initiallyVisible?: boolean;
}) {
  const anchor = useRef<HTMLDivElement>(null);
  const [visible, setVisible] = useState(initiallyVisible);
  useEffect(() => {
    const element = anchor.current;
    if (!element || visible) return;
    if (typeof IntersectionObserver === 'undefined') return setVisible(true);
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) setVisible(true);
      },
      { rootMargin: margin },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [visible, margin]);
  return visible ? <>{children}</> : <div ref={anchor}>{placeholder}</div>;
}
