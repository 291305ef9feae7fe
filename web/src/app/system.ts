import { createSystem, defaultConfig, defineConfig } from '@chakra-ui/react';

/** Chakra theme: the defaults with a readable body font and a light page. */
const config = defineConfig({
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
        heading: { value: "'Inter', 'Segoe UI', Roboto, 'Helvetica Neue', Arial, sans-serif" },
        body: { value: "'Inter', 'Segoe UI', Roboto, 'Helvetica Neue', Arial, sans-serif" },
      },
    },
  },
});

export const system = createSystem(defaultConfig, config);
