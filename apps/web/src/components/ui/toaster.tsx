import { useEffect, useState, type CSSProperties, type ReactNode } from 'react';

type SonnerModule = typeof import('sonner');
type ToastOptions = { description?: ReactNode; action?: { label: string; onClick: () => void } };

// Toasts appear only after an action, so sonner is fetched on the first toast rather than
// with every page (it replays toasts created before its Toaster subscribed).
let sonner: Promise<SonnerModule> | undefined;
const waiting = new Set<(module: SonnerModule) => void>();

function loadSonner(): Promise<SonnerModule> {
  if (!sonner) {
    sonner = import('sonner');
    void sonner.then((module) => waiting.forEach((mount) => mount(module)));
  }
  return sonner;
}

function show(kind: 'success' | 'error' | 'message', message: string, options?: ToastOptions) {
  void loadSonner().then(({ toast: sonnerToast }) => {
    if (kind === 'message') sonnerToast(message, options);
    else sonnerToast[kind](message, options);
  });
}

export const toast = {
  success: (message: string, options?: ToastOptions) => show('success', message, options),
  error: (message: string, options?: ToastOptions) => show('error', message, options),
  message: (message: string, options?: ToastOptions) => show('message', message, options),
};

// sonner's rich text colours sit just under the 4.5:1 contrast of WCAG AA on their tinted backgrounds.
const READABLE_RICH_COLORS = {
  '--success-text': '#065f46',
  '--error-text': '#991b1b',
  '--warning-text': '#854d0e',
  '--info-text': '#1e40af',
} as CSSProperties;

export function Toaster() {
  const [module, setModule] = useState<SonnerModule | null>(null);
  useEffect(() => {
    waiting.add(setModule);
    if (sonner) void sonner.then(setModule);
    return () => void waiting.delete(setModule);
  }, []);
  if (!module) return null;
  const Sonner = module.Toaster;
  return <Sonner position="top-center" richColors closeButton style={READABLE_RICH_COLORS} />;
}
