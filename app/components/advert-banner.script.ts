// The advert banner's behaviour, written once for both kinds of page (ADR 012): hydrated pages import and
// call `runAdvert`; pages without the Remix runtime get it inlined by `inlineAdvertScript`, which prints
// this very function's source. So `runAdvert` must stay self-contained: no imports, no outside names.

export const ADVERT_VIEWS_STORAGE_KEY = "songloom.advert.views";

/**
 * Shows the (server-hidden) banner: on Home at the first scroll, elsewhere if fewer than `maxViews` views
 * are counted in local storage (counting this one). Blocked storage (private modes) means no advert
 * rather than an endless one. Returns a cleanup that removes its listeners.
 */
export function runAdvert(banner: HTMLElement, isHome: boolean, maxViews: number, storageKey: string): () => void {
  banner.hidden = true;
  const show = () => {
    banner.hidden = false;
  };
  const dismiss = () => {
    banner.hidden = true;
  };
  const button = banner.querySelector("[data-advert-dismiss]");
  if (button) button.addEventListener("click", dismiss);
  if (isHome) {
    window.addEventListener("scroll", show, { once: true, passive: true });
  } else {
    try {
      const views = Number(window.localStorage.getItem(storageKey)) || 0;
      if (views < maxViews) {
        window.localStorage.setItem(storageKey, String(views + 1));
        show();
      }
    } catch {
      // No storage, no advert.
    }
  }
  return () => {
    window.removeEventListener("scroll", show);
    if (button) button.removeEventListener("click", dismiss);
  };
}

/** The inline script placed right after the banner: it finds the banner as its previous sibling. */
export function inlineAdvertScript(isHome: boolean, maxViews: number): string {
  const args = [JSON.stringify(isHome), JSON.stringify(maxViews), JSON.stringify(ADVERT_VIEWS_STORAGE_KEY)].join(",");
  const script = `(${runAdvert.toString()})(document.currentScript.previousElementSibling,${args});`;
  // The source is ours, but a "</script" in it would end the element early: refuse rather than break the page.
  if (/<\/script/i.test(script)) throw new Error("The advert script must not contain </script");
  return script;
}
