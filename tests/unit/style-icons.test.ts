// Style icons are SVG (app/components/icons.tsx), never emoji, which need a colour emoji font.
import { STYLE_ICON_IDS } from "~/components/icons";
import { STYLES } from "~/engine/catalogue";

test("every style names an SVG icon we draw", () => {
  for (const style of STYLES) {
    expect(STYLE_ICON_IDS).toContain(style.icon);
    expect(style.icon).toMatch(/^[a-z]+$/);
  }
});
