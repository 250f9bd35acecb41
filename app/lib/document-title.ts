import { useMatches, useRouteError } from "@remix-run/react";
import type { TFunction } from "i18next";
import { useTranslation } from "react-i18next";
import { errorKind, errorTitleKey } from "~/components/ErrorScreen";

/**
 * A route's document title, as its `handle`: translated in the visitor's
 * language (a meta function has no translator), maybe built from the route's
 * loader data. The root renders it before the project name.
 */
export interface TitleHandle {
  title: (t: TFunction, data: unknown) => string | undefined;
}

/** A screen whose title is one translation key. */
export const titleKey = (key: string): TitleHandle => ({ title: (t) => t(key) });

/** A screen titled from its loader data, e.g. the record it edits. */
export function titleFrom<D>(pick: (data: D, t: TFunction) => string | undefined): TitleHandle {
  return { title: (t, data) => (data ? pick(data as D, t) : undefined) };
}

/** "Screen · Project", the error's title on an error screen, or the project name alone. */
export function useDocumentTitle(projectName: string): string {
  const { t } = useTranslation();
  const matches = useMatches();
  const error = useRouteError();
  let title: string | undefined;
  if (error) {
    title = t(errorTitleKey(errorKind(error).kind));
  } else {
    for (const match of [...matches].reverse()) {
      const handle = match.handle as Partial<TitleHandle> | undefined;
      title = handle?.title?.(t, match.data);
      if (title) break;
    }
  }
  return title ? `${title} · ${projectName}` : projectName;
}
