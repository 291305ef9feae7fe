/** The theme with the recipes of every component the app uses (src/app/system.ts has the first
 * paint's; src/app/system.test.ts checks that none is missing). Loaded by theme-store.ts. */
import { createSystem, defineConfig } from '@chakra-ui/react';
import {
  alertSlotRecipe,
  checkboxSlotRecipe,
  checkmarkRecipe,
  collapsibleSlotRecipe,
  dialogSlotRecipe,
  drawerSlotRecipe,
  fieldSlotRecipe,
  inputAddonRecipe,
  inputRecipe,
  nativeSelectSlotRecipe,
  progressSlotRecipe,
  radioGroupSlotRecipe,
  radiomarkRecipe,
  ratingGroupSlotRecipe,
  separatorRecipe,
  sliderSlotRecipe,
  tabsSlotRecipe,
  textareaRecipe,
} from '@chakra-ui/react/theme';
import { FIRST_PAINT_CONFIGS } from './system';

const laterRecipes = defineConfig({
  theme: {
    recipes: {
      checkmark: checkmarkRecipe,
      input: inputRecipe,
      inputAddon: inputAddonRecipe,
      radiomark: radiomarkRecipe,
      separator: separatorRecipe,
      textarea: textareaRecipe,
    },
    slotRecipes: {
      alert: alertSlotRecipe,
      checkbox: checkboxSlotRecipe,
      collapsible: collapsibleSlotRecipe,
      dialog: dialogSlotRecipe,
      drawer: drawerSlotRecipe,
      field: fieldSlotRecipe,
      nativeSelect: nativeSelectSlotRecipe,
      progress: progressSlotRecipe,
      radioGroup: radioGroupSlotRecipe,
      ratingGroup: ratingGroupSlotRecipe,
      slider: sliderSlotRecipe,
      tabs: tabsSlotRecipe,
    },
  },
});

const [base, defaults, firstPaint, app] = FIRST_PAINT_CONFIGS;
// The app's own theme last, as in the first paint's system: it overrides the defaults.
export const fullSystem = createSystem(base, defaults, firstPaint, laterRecipes, app);
