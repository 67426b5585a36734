import type { ThemeConfig } from 'antd';

const fontFamily =
  "'Segoe UI', 'Noto Sans', 'Noto Sans Arabic', Tahoma, -apple-system, BlinkMacSystemFont, 'Helvetica Neue', Arial, sans-serif";

/** Grey text readable at 4.5:1 (WCAG AA) on white and on the page's #f7f7fb; antd's 0.45 gives 3.4:1. */
const readableGrey = 'rgba(0, 0, 0, 0.6)';

/** The darker steps of the palettes whose step 7 is too light to read on step 1 (green 3.4:1, gold 2.8:1). */
const readableSteps = {
  volcano: '#ad2102',
  orange: '#ad4e00',
  gold: '#874d00',
  yellow: '#876800',
  lime: '#3f6600',
  green: '#237804',
  cyan: '#006d75',
};
// The tag reads `green7`, but the CSS variable it becomes (--ant-green-7) is also written from `green-7`.
const tagText = Object.fromEntries(
  Object.entries(readableSteps).flatMap(([colour, value]) => [
    [`${colour}7`, value],
    [`${colour}-7`, value],
  ]),
);

/**
 * antd's theme, with every colour that carries text at 4.5:1 or more against its background (axe's
 * colour-contrast rule, tests/e2e/accessibility.spec.ts). A preset tag writes its text in step 7 of its
 * palette on step 1; where step 7 is too light (green, gold, orange…), the next step that reads is used.
 */
export const theme: ThemeConfig = {
  token: {
    colorPrimary: '#6a4cff',
    // A default button under the pointer writes its text in this colour: antd's own lighter shade read
    // 3.3:1 on white, so a hovered button failed the contrast rule.
    colorPrimaryHover: '#5a3cf0',
    borderRadius: 10,
    fontFamily,
    colorTextTertiary: readableGrey,
    colorTextDescription: readableGrey,
    colorTextPlaceholder: readableGrey,
    // Each screen has one level-one heading, its title, drawn as large as antd's level three.
    fontSizeHeading1: 24,
    // A section of a screen (the kids inside, under the front desk's title).
    fontSizeHeading2: 20,
    colorLink: '#5a3cf0',
    colorLinkHover: '#4c36d9',
    colorLinkActive: '#3b2a99',
    colorError: '#cf1322',
    // Text in the success colour (the change to give back at the till): antd's green reads 2.4:1.
    colorSuccessText: readableSteps.green,
    ...tagText,
  },
  components: {
    // An empty table says why in words ("No products yet."): antd greys it as disabled text. (An empty
    // list: global.css.)
    Table: { colorTextDisabled: readableGrey },
  },
};
