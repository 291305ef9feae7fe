/** The theme carries only the recipes of the components the app uses (src/app/system.ts): every
 * Chakra component imported anywhere in src must be known here, with the recipe it is styled by. */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
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

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? sources(join(dir, e.name)) : /\.tsx?$/.test(e.name) ? [join(dir, e.name)] : [],
  );
}

function chakraImports(): Set<string> {
  const names = new Set<string>();
  for (const file of sources(join(import.meta.dirname, '..'))) {
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

  it('has the recipe of every component the app uses', () => {
    const used = [...chakraImports()].map((n) => RECIPE_OF[n]).filter((k): k is string => Boolean(k));
    expect(used.length).toBeGreaterThan(10);
    // Internal parts: the checkbox's and radio's marks.
    for (const key of [...used, 'checkmark', 'radiomark'])
      expect(system.isRecipe(key) || system.isSlotRecipe(key), `recipe ${key}`).toBe(true);
  });

  it('leaves out the recipes of components the app does not use', () => {
    for (const key of ['datePicker', 'colorPicker', 'treeView', 'combobox']) expect(system.isSlotRecipe(key)).toBe(false);
  });
});
