/** The themes carry only the recipes of the components the app uses: every Chakra component imported
 * anywhere in src must be known here, with the recipe it is styled by; the full theme
 * (src/app/full-system.ts) has them all, the first paint's (src/app/system.ts) those of the
 * pre-rendered pages it serves. */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { fullSystem } from './full-system';
import { system } from './system';

/** Chakra's exports → the recipe (or slot recipe) that styles them; null: styled by props alone. */
const RECIPE_OF: Record<string, string | null> = {
  Accordion: 'accordion',
  Alert: 'alert',
  Badge: 'badge',
  Box: null,
  Button: 'button',
  Card: 'card',
  Center: null,
  ChakraProvider: null,
  Checkbox: 'checkbox',
  CloseButton: 'button',
  Collapsible: 'collapsible',
  Container: 'container',
  Dialog: 'dialog',
  Drawer: 'drawer',
  Field: 'field',
  Grid: null,
  HStack: null,
  Heading: 'heading',
  Icon: 'icon',
  IconButton: 'button',
  Input: 'input',
  InputGroup: 'inputAddon',
  Link: 'link',
  List: 'list',
  NativeSelect: 'nativeSelect',
  Portal: null,
  Progress: 'progress',
  RadioGroup: 'radioGroup',
  RatingGroup: 'ratingGroup',
  Separator: 'separator',
  SimpleGrid: null,
  Skeleton: 'skeleton',
  Slider: 'slider',
  Span: null,
  Spinner: 'spinner',
  Stack: null,
  Tabs: 'tabs',
  Text: null,
  Textarea: 'textarea',
  VStack: null,
  Wrap: null,
  chakra: null,
  createSystem: null,
  defaultBaseConfig: null,
  defineConfig: null,
};

const hasRecipe = (sys: typeof system, key: string) => sys.isRecipe(key) || sys.isSlotRecipe(key);

/** The files whose components render on the first paint (landing, terms, privacy and the layout). */
const FIRST_PAINT_DIRS = [
  'components',
  'features/landing',
  'features/legal',
  'app/routes/landing.tsx',
  'app/routes/terms.tsx',
  'app/routes/privacy.tsx',
];
/** Shared components loaded with the full theme (lazily, or only by other pages). */
const LOADED_LATER =
  /(app-dialog|confirm-dialog|side-menu|form-alert|form-field|form-stack|password-input|new-password-fields|auth-card|collapsible-section|resend-link|sort-select|stars|scroll-to-top-button|progress-line)\.tsx$/;

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? sources(join(dir, e.name)) : /\.tsx?$/.test(e.name) ? [join(dir, e.name)] : [],
  );
}

function chakraImports(files = sources(join(import.meta.dirname, '..'))): Set<string> {
  const names = new Set<string>();
  for (const file of files) {
    for (const [, list] of readFileSync(file, 'utf8').matchAll(/import\s*{([^}]*)}\s*from\s*'@chakra-ui\/react'/g))
      for (const item of list.split(',')) {
        const name = item.trim();
        if (name && !name.startsWith('type ')) names.add(name.split(/\s+as\s+/)[0]);
      }
  }
  return names;
}

describe('the Chakra theme', () => {
  it('knows every Chakra component the app imports', () => {
    const unknown = [...chakraImports()].filter((n) => !(n in RECIPE_OF));
    expect(unknown, 'add their recipes to src/app/system.ts and to RECIPE_OF').toEqual([]);
  });

  it('the full theme has the recipe of every component the app uses', () => {
    const used = [...chakraImports()].map((n) => RECIPE_OF[n]).filter((k): k is string => Boolean(k));
    expect(used.length).toBeGreaterThan(10);
    // Internal parts: the checkbox's and radio's marks.
    for (const key of [...used, 'checkmark', 'radiomark']) expect(hasRecipe(fullSystem, key), `recipe ${key}`).toBe(true);
  });

  it("the first paint's theme has the recipes of the pre-rendered landing, terms and privacy pages", () => {
    const src = join(import.meta.dirname, '..');
    const files = FIRST_PAINT_DIRS.flatMap((d) => (d.endsWith('.tsx') ? [join(src, d)] : sources(join(src, d)))).filter(
      (f) => !f.endsWith('.test.tsx') && !LOADED_LATER.test(f),
    );
    const used = [...chakraImports(files)].map((n) => RECIPE_OF[n]).filter((k): k is string => Boolean(k));
    expect(used).toContain('card');
    for (const key of used) expect(hasRecipe(system, key), `recipe ${key}`).toBe(true);
    // What it leaves for later.
    for (const key of ['dialog', 'drawer', 'tabs', 'field']) expect(hasRecipe(system, key), key).toBe(false);
  });

  it('leaves out the recipes of components the app does not use', () => {
    for (const key of ['datePicker', 'colorPicker', 'treeView', 'combobox']) expect(hasRecipe(fullSystem, key)).toBe(false);
  });
});
