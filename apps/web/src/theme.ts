import { Badge, createTheme } from '@mantine/core';

export const theme = createTheme({
  primaryColor: 'blue',
  fontFamily: "'Noto Sans JP', 'Noto Sans CJK JP', 'Hiragino Kaku Gothic ProN', 'Hiragino Sans', Meiryo, sans-serif",
  headings: { fontFamily: "'Noto Sans JP', 'Noto Sans CJK JP', 'Hiragino Kaku Gothic ProN', 'Hiragino Sans', Meiryo, sans-serif" },
  defaultRadius: 'md',
  breakpoints: { xs: '22.5em', sm: '46em', md: '49.375em', lg: '64em', xl: '88em' },
  components: {
    // TLD and category names are case-sensitive (gTLD, ccTLD): no upper-casing
    Badge: Badge.extend({ styles: { root: { textTransform: 'none' } } }),
  },
});
