/** The Chakra theme in two stages. The first paint of the pre-rendered landing, terms and privacy
 * pages needs the recipes of a dozen components; the rest (forms, dialogs, tabs, sliders…) come with
 * src/app/full-system.ts, loaded by every other page and dialog before it renders (theme-store.ts).
 * Chakra's full default set (date pickers, colour pickers, tree views…) is never loaded. */
import { createSystem, defaultBaseConfig, defineConfig } from '@chakra-ui/react';
import {
  animationStyles,
  badgeRecipe,
  breakpoints,
  buttonRecipe,
  cardSlotRecipe,
  containerRecipe,
  cssVarsPrefix,
  cssVarsRoot,
  globalCss,
  headingRecipe,
  iconRecipe,
  keyframes,
  layerStyles,
  linkRecipe,
  listSlotRecipe,
  semanticTokens,
  skeletonRecipe,
  spinnerRecipe,
  textStyles,
  tokens,
} from '@chakra-ui/react/theme';

/** Chakra's default tokens, styles and global CSS, without its recipes. */
const defaultTheme = defineConfig({
  preflight: true,
  cssVarsPrefix,
  cssVarsRoot,
  globalCss,
  theme: { breakpoints, keyframes, tokens, semanticTokens, textStyles, layerStyles, animationStyles },
});

const FONT_STACK = "'Inter', 'Segoe UI', Roboto, 'Helvetica Neue', Arial, 'Liberation Sans', 'DejaVu Sans', sans-serif";

/** The defaults with a readable body font and a light page. */
const appTheme = defineConfig({
  globalCss: {
    'html, body': { bg: 'white', color: 'gray.900' },
    '#root': { minHeight: '100dvh', display: 'flex', flexDirection: 'column' },
  },
  theme: {
    semanticTokens: {
      colors: {
        // The default red.500 error text is below 4.5:1 contrast on white.
        fg: { error: { value: { _light: '{colors.red.700}', _dark: '{colors.red.300}' } } },
        border: { error: { value: { _light: '{colors.red.600}', _dark: '{colors.red.400}' } } },
        // Solid blue buttons (and their hover shade) keep 4.5:1 with white text.
        blue: { solid: { value: { _light: '{colors.blue.700}', _dark: '{colors.blue.600}' } } },
      },
    },
    tokens: {
      fonts: {
        // On Debian (and in the screenshot tests) the text is Liberation Sans and the ruble sign,
        // which it lacks, DejaVu Sans: both from the packages scripts/bootstrap.mjs installs.
        heading: { value: FONT_STACK },
        body: { value: FONT_STACK },
      },
    },
  },
});

/** The components of the header, footer, landing, terms and privacy pages and the page loader. */
const firstPaintRecipes = defineConfig({
  theme: {
    recipes: {
      badge: badgeRecipe,
      button: buttonRecipe,
      container: containerRecipe,
      heading: headingRecipe,
      icon: iconRecipe,
      link: linkRecipe,
      skeleton: skeletonRecipe,
      spinner: spinnerRecipe,
    },
    slotRecipes: { card: cardSlotRecipe, list: listSlotRecipe },
  },
});

/** Everything but the recipes loaded later: full-system.ts adds them after this. */
export const FIRST_PAINT_CONFIGS = [defaultBaseConfig, defaultTheme, firstPaintRecipes, appTheme] as const;

export const system = createSystem(...FIRST_PAINT_CONFIGS);
