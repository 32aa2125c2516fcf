import { Component, type ReactNode } from 'react';
import { useTranslation } from '@/i18n/use-translation';
import { Button, ButtonLink } from '@/components/ui/button';

/** Shown when a page throws while rendering, or its chunk cannot be loaded (an old tab after a deploy). */
export function RouteError() {
  const { t } = useTranslation();
  return (
    <main className="mx-auto flex min-h-screen max-w-xl flex-col items-center justify-center gap-4 px-4 text-center">
      <h1 className="text-2xl font-bold text-slate-900">{t('errors.pageCrashed')}</h1>
      <p className="text-slate-600">{t('errors.pageCrashedHint')}</p>
      <div className="flex gap-3">
        <Button onClick={() => window.location.reload()}>{t('common.reload')}</Button>
        <ButtonLink variant="outline" to="/">
          {t('notFound.home')}
        </ButtonLink>
      </div>
    </main>
  );
}

/**
 * Shows RouteError in place of the app when a page throws while rendering or its chunk fails to
 * load; going to another address (the error page's home link, the back button) tries again.
 */
export class PageErrorBoundary extends Component<
  { pathname: string; children: ReactNode },
  { failed: boolean; pathname: string }
> {
  override state = { failed: false, pathname: this.props.pathname };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  static getDerivedStateFromProps(props: { pathname: string }, state: { pathname: string }) {
    return props.pathname === state.pathname ? null : { failed: false, pathname: props.pathname };
  }

  override render() {
    return this.state.failed ? <RouteError /> : this.props.children;
  }
}
