import { createTheme, DEFAULT_THEME, type MantineColorsTuple, type ModalProps, type NotificationProps } from '@mantine/core';

/**
 * Shades 6 to 9 of each palette, darkened so that every use Mantine makes of them meets WCAG AA (4.5:1): white text
 * on a filled button or badge (shade 6), coloured text and links on white or on the page's light grey (#f7f8fa), and
 * coloured text on a light variant's tint. Shades 0 to 5 (tints, borders) keep Mantine's values. The e2e page checks
 * (tests/e2e/support/page-checks.ts) run axe on every page and fail on any contrast below 4.5:1.
 */
const DARK_SHADES: Record<string, [string, string, string, string]> = {
  blue: ['#1864ab', '#1a5fa0', '#174f86', '#133f6b'],
  red: ['#c92a2a', '#b02525', '#9a1f1f', '#821a1a'],
  green: ['#1d6b30', '#1a6029', '#165224', '#12441e'],
  teal: ['#087f5b', '#0b6e50', '#0b5f45', '#094e39'],
  orange: ['#a63c06', '#933505', '#7f2e04', '#6b2703'],
  yellow: ['#8a6500', '#7a5900', '#6b4e00', '#5a4100'],
  gray: ['#5c636a', '#495057', '#343a40', '#212529'],
  cyan: ['#0b7285', '#0a6676', '#095a68', '#074c58'],
  indigo: ['#364fc7', '#3146b3', '#2b3d9e', '#24338a'],
  violet: ['#5f3dc4', '#5535b0', '#4a2e9b', '#402886'],
  grape: ['#862e9c', '#78298c', '#69247b', '#5a1f6a'],
  pink: ['#a61e4d', '#951b45', '#84183d', '#721435'],
  lime: ['#3f6b06', '#385f05', '#305204', '#284503'],
};

const colors = Object.fromEntries(
  Object.entries(DARK_SHADES).map(([name, dark]) => [name, [...DEFAULT_THEME.colors[name]!.slice(0, 6), ...dark] as unknown as MantineColorsTuple]),
);

export const theme = createTheme({
  colors,
  primaryColor: 'blue',
  primaryShade: 6,
  fontFamily: "'Noto Sans JP', 'Noto Sans CJK JP', 'Hiragino Kaku Gothic ProN', 'Hiragino Sans', Meiryo, sans-serif",
  headings: { fontFamily: "'Noto Sans JP', 'Noto Sans CJK JP', 'Hiragino Kaku Gothic ProN', 'Hiragino Sans', Meiryo, sans-serif" },
  defaultRadius: 'md',
  breakpoints: { xs: '22.5em', sm: '46em', md: '49.375em', lg: '64em', xl: '88em' },
  components: {
    // TLD and category names are case-sensitive (gTLD, ccTLD): no upper-casing
    // (plain objects rather than Badge.extend / Modal.extend / Notification.extend, which would bring those
    // components' code into every page's first load)
    Badge: { styles: { root: { textTransform: 'none' } } },
    // icon-only close buttons need a name for screen readers (axe button-name)
    Modal: { defaultProps: { closeButtonProps: { 'aria-label': '閉じる' } } satisfies Partial<ModalProps> },
    Notification: { defaultProps: { closeButtonProps: { 'aria-label': '閉じる' } } satisfies Partial<NotificationProps> },
  },
});
