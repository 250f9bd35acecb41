import { api } from "~/api/client.server";

interface PublicPageLink {
  title: string;
  slug: string;
  in_menu: boolean;
}

export interface ContentLinks {
  /** Published in-menu pages the visitor may see (signed out: public ones), in menu order. */
  menu: { title: string; slug: string }[];
  /** The privacy and cookie policy pages named by the settings of those keys, when the visitor may see them. */
  legal: { key: "privacy-policy" | "cookie-policy"; slug: string }[];
}

/**
 * The published pages the visitor may see, without content: one request per
 * page view for both the menu and the footer (an API call costs a token check
 * and the user's grants, so one is better than two).
 */
export async function visiblePageLinks(request: Request): Promise<PublicPageLink[]> {
  const { data } = await api(request).get<{ data: PublicPageLink[] }>("/pages/public", { per_page: 1000 });
  return data;
}

/** The menu's pages and the footer's legal pages among them, by the slugs in the settings. */
export function contentLinks(pages: PublicPageLink[], setting: (key: string) => string): ContentLinks {
  const slugs = new Set(pages.map((p) => p.slug));
  return {
    menu: pages.filter((p) => p.in_menu).map(({ title, slug }) => ({ title, slug })),
    legal: (["privacy-policy", "cookie-policy"] as const)
      .map((key) => ({ key, slug: setting(key).trim() }))
      .filter((l) => l.slug !== "" && slugs.has(l.slug)),
  };
}
