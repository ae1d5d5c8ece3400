// Written by scripts/language-index.ts from the language files in this folder (`bun run languages`;
// `bun run build:web` does it too). Do not edit: a language is its file.
import en from './en';
import de from './de';
import es from './es';
import fr from './fr';
import it from './it';
import ja from './ja';
import nl from './nl';
import pl from './pl';
import ptBR from './pt-BR';
import sv from './sv';

/** Every language by its code, named in itself; English, the source, first. */
export const LANGUAGE_NAMES = {
  en: 'English',
  de: 'Deutsch',
  es: 'Español',
  fr: 'Français',
  it: 'Italiano',
  ja: '日本語',
  nl: 'Nederlands',
  pl: 'Polski',
  'pt-BR': 'Português (Brasil)',
  sv: 'Svenska',
} as const;

/** Every language file, whole: the server's view (the web build takes only the browser's parts, each on its own). */
export const LANGUAGE_FILES = { en, de, es, fr, it, ja, nl, pl, 'pt-BR': ptBR, sv };
