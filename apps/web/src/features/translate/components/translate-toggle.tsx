import { Languages } from 'lucide-react';
import { useTranslation } from '@/i18n/use-translation';
import { Button } from '@/components/ui/button';
import { NativeSelect } from '@/components/ui/native-select';
import { translateMessage } from '@/i18n/keys';

interface TranslateToggleProps {
  on: boolean;
  pending: boolean;
  target: string;
  languages: string[];
  onToggle: () => void;
  onTargetChange: (target: string) => void;
}

export function TranslateToggle({
  on,
  pending,
  target,
  languages,
  onToggle,
  onTargetChange,
}: TranslateToggleProps) {
  const { t } = useTranslation();
  return (
    <div className="flex items-center gap-2">
      <Button variant={on ? 'secondary' : 'outline'} aria-pressed={on} onClick={onToggle} disabled={pending}>
        <Languages aria-hidden="true" />
        {pending ? t('translate.translating') : on ? t('translate.showOriginal') : t('translate.translate')}
      </Button>
      {on && (
        <NativeSelect
          aria-label={t('translate.target')}
          value={target}
          onChange={(event) => onTargetChange(event.target.value)}
          wrapperClassName="w-40"
          options={languages.map((language) => ({
            value: language,
            label: translateMessage(t, `translate.languages.${language}`),
          }))}
        />
      )}
    </div>
  );
}
