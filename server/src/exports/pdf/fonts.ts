import { createRequire } from 'node:module';
import path from 'node:path';

const require = createRequire(import.meta.url);
const garamond = path.dirname(require.resolve('@expo-google-fonts/eb-garamond/package.json'));
const dejavu = path.dirname(require.resolve('dejavu-fonts-ttf/package.json'));

/**
 * The book's type: EB Garamond (OFL, embedded and subset) covers en/fr/es/it and far more;
 * DejaVu Serif takes over, word by word, for characters Garamond lacks (Greek, Cyrillic, symbols…).
 */
export const FONT_FILES = {
  regular: path.join(garamond, '400Regular/EBGaramond_400Regular.ttf'),
  italic: path.join(garamond, '400Regular_Italic/EBGaramond_400Regular_Italic.ttf'),
  semibold: path.join(garamond, '600SemiBold/EBGaramond_600SemiBold.ttf'),
  fallback: path.join(dejavu, 'ttf/DejaVuSerif.ttf'),
  fallbackItalic: path.join(dejavu, 'ttf/DejaVuSerif-Italic.ttf'),
  fallbackBold: path.join(dejavu, 'ttf/DejaVuSerif-Bold.ttf'),
} as const;
export type FontKey = keyof typeof FONT_FILES;
export type FontStyle = 'regular' | 'italic' | 'semibold';

export const FALLBACK_OF: Record<FontStyle, FontKey> = { regular: 'fallback', italic: 'fallbackItalic', semibold: 'fallbackBold' };
