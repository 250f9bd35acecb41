import { api } from "~/api/client.server";
import * as pagesApi from "~/api/pages/contract";
import { getCurrentUser } from "~/auth/user.server";
import { cachedContent } from "~/cache/content.server";
import { localizeField } from "~/domain/localized";

interface PublicPageLink {
  title: string;
  title_fr: string | null;
  slug: string;
  in_menu: boolean;
}

export interface ContentLinks {
  /** Published in-menu pages the visitor may see (signed out: public ones), in menu order. */
  /** Each title in the reader's language, else the English one with its `lang` (ADR 052). */
  menu: { title: string; lang?: string; slug: string }[];
  /** The privacy and cookie policy pages named by the settings of those keys, when the visitor may see them. */
  legal: { key: "privacy-policy" | "cookie-policy"; slug: string }[];
}

/**
 * The published pages the visitor may see, without content, for both the menu
 * and the footer: cached (app/cache/content.server.ts), one list for signed-out
 * visitors and one for signed-in users, as the API decides what a page's reader
 * sees (public pages when signed out, all when signed in).
 */
export async function visiblePageLinks(request: Request): Promise<PublicPageLink[]> {
  const audience = (await getCurrentUser(request)) ? "signed-in" : "signed-out";
  return cachedContent(`page-links:${audience}`, async () => {
    const { data } = await api(request).read(pagesApi.publicList, { query: { per_page: 1000 } });
    return data;
  });
}

/** The menu's pages and the footer's legal pages among them, by the slugs in the settings. */
export function contentLinks(pages: PublicPageLink[], setting: (key: string) => string, reader: string): ContentLinks {
  const slugs = new Set(pages.map((p) => p.slug));
  return {
    menu: pages.filter((p) => p.in_menu).map((p) => {
      const { text, lang } = localizeField(reader, p, "title");
      return { title: text, slug: p.slug, ...(lang ? { lang } : {}) };
    }),
    legal: (["privacy-policy", "cookie-policy"] as const)
      .map((key) => ({ key, slug: setting(key).trim() }))
      .filter((l) => l.slug !== "" && slugs.has(l.slug)),
  };
}
