import type { ReactNode } from 'react';
import { formatCount } from '@wishwell/shared/price-format';
import { showsCounter } from '@wishwell/shared/text-limits';
import { useTranslation } from '../i18n/react';

/**
 * A field's help with "480 of 500 characters" after it once the text nears its limit (the
 * server's, shared/text-limits.ts; the field's maxLength stops typing there).
 */
export function useLimitHelp(): (text: string, max: number, help?: ReactNode) => ReactNode {
  const { t, i18n } = useTranslation();
  return (text, max, help) => {
    if (!showsCounter(text.length, max)) return help;
    const count = (
      <span className="ww-character-count" aria-live="polite">
        {t('common.characterCount', { length: formatCount(text.length, i18n.language), max: formatCount(max, i18n.language) })}
      </span>
    );
    return help ? <>{help} {count}</> : count;
  };
}
