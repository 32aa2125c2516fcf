import { Cpu, X } from 'lucide-react';
import { useEffect, useId, useState } from 'react';
import { VALIDATION_KEYS } from '@flowbay/domain/publishing';
import { useTranslation } from '@/i18n/use-translation';
import { translateMessage } from '@/i18n/keys';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { FormField } from '@/components/ui/form-field';
import { parseN8nRelease, useMyN8nRelease } from '@/lib/n8n-release';

/**
 * "My n8n version": the release a visitor runs, remembered on this device (a cookie, so the server's
 * render marks the cards too), a way to forget it, and the "Only what runs on my n8n" switch, which
 * puts the release in the catalogue's address (`n8n=`). `onlyMine` is that address's release ('' off).
 */
export function MyN8nControl({
  onlyMine,
  onOnlyMineChange,
}: {
  onlyMine: string;
  onOnlyMineChange: (release: string) => void;
}) {
  const { t } = useTranslation();
  const id = useId();
  const { release, remember } = useMyN8nRelease();
  const [text, setText] = useState(release ?? '');
  const [error, setError] = useState<string | undefined>();

  // The release can arrive after the first render (read from the cookie) or change elsewhere.
  useEffect(() => setText(release ?? ''), [release]);

  const save = () => {
    const next = parseN8nRelease(text);
    if (!next) return setError(translateMessage(t, VALIDATION_KEYS.n8nRelease));
    setError(undefined);
    setText(next);
    remember(next);
    // The switch follows the remembered release.
    if (onlyMine && onlyMine !== next) onOnlyMineChange(next);
  };
  const forget = () => {
    remember(null);
    setText('');
    setError(undefined);
    if (onlyMine) onOnlyMineChange('');
  };

  return (
    <div className="mt-4 flex flex-col gap-3 border-t border-slate-100 pt-4" data-testid="my-n8n">
      <div className="flex flex-wrap items-end gap-2">
        <div className="w-44">
          <FormField id={`${id}-release`} label={t('checks.myN8n')} error={error}>
            {(control) => (
              <Input
                {...control}
                // No name: the catalogue's GET form sends the switch's release, not this draft.
                inputMode="decimal"
                autoComplete="off"
                value={text}
                placeholder={t('checks.myN8nPlaceholder')}
                onChange={(event) => setText(event.target.value)}
                onKeyDown={(event) => {
                  if (event.key === 'Enter') {
                    event.preventDefault();
                    save();
                  }
                }}
              />
            )}
          </FormField>
        </div>
        <Button type="button" variant="outline" onClick={save} className="mb-px">
          <Cpu aria-hidden="true" />
          {t('checks.myN8nSave')}
        </Button>
        {release && (
          <Button
            type="button"
            variant="ghost"
            onClick={forget}
            aria-label={t('checks.myN8nForgetLabel', { release })}
            className="mb-px"
          >
            <X aria-hidden="true" />
            {t('checks.myN8nForget')}
          </Button>
        )}
      </div>
      <p className="text-xs text-slate-600">
        {release ? `${t('checks.myN8nSaved', { release })} · ` : ''}
        {t('checks.myN8nHelp')}
      </p>
      {/* Also shown for an address that filters by a release this device does not remember (a shared link). */}
      {(release || onlyMine) && (
        <label className="flex cursor-pointer items-center gap-2 text-sm text-slate-800">
          <input
            type="checkbox"
            name="n8n"
            value={onlyMine || release!}
            className="size-4 accent-brand-600"
            checked={onlyMine !== ''}
            onChange={(event) => onOnlyMineChange(event.target.checked && release ? release : '')}
          />
          {t('checks.onlyRunsOnMine')}
        </label>
      )}
    </div>
  );
}
