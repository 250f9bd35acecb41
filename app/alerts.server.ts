import { createCookie, redirect } from "@remix-run/node";

export interface Alert {
  key: string;
  /** Translation key of the title, e.g. alerts.success. */
  title: string;
  description?: string;
  variant: "success" | "danger" | "warning" | "info";
}

// Alerts travel in a flash cookie so that the server renders them after a
// Post/Redirect/Get, with or without JavaScript (docs/ui.md#forms).
const flash = createCookie("__alerts", { httpOnly: true, sameSite: "lax", path: "/", maxAge: 60 });

export async function readAlerts(request: Request): Promise<{ alerts: Alert[]; setCookie: string | null }> {
  const header = request.headers.get("Cookie");
  if (!header?.includes("__alerts=")) return { alerts: [], setCookie: null };
  const value = await flash.parse(header);
  const alerts = Array.isArray(value) ? (value as Alert[]) : [];
  return { alerts, setCookie: await flash.serialize("", { maxAge: 0 }) };
}

export async function alertCookie(request: Request, ...alerts: Alert[]): Promise<string> {
  const prior = (await flash.parse(request.headers.get("Cookie"))) as Alert[] | null;
  // Keep the cookie small: the newest 12 alerts are plenty to show.
  return flash.serialize([...(Array.isArray(prior) ? prior : []), ...alerts].slice(-12));
}

export async function redirectWithAlert(request: Request, to: string, alert: Alert, headers: HeadersInit = {}) {
  const h = new Headers(headers);
  h.append("Set-Cookie", await alertCookie(request, alert));
  return redirect(to, { headers: h });
}

export const successAlert = (description?: string): Alert => ({
  key: `success-${Date.now()}`,
  title: "alerts.success",
  description,
  variant: "success",
});

export const serverErrorAlert = (description?: string): Alert => ({
  key: `server-error-${Date.now()}`,
  title: "alerts.server-error",
  description,
  variant: "danger",
});

export const sessionAlert = (): Alert => ({
  key: "user-session-not",
  title: "alerts.user-session-not-title",
  description: "alerts.user-session-not",
  variant: "danger",
});

/** The signed-in user is unknown to the API (their account was removed): signed out, with this alert. */
export const userNotFoundAlert = (): Alert => ({
  key: "user-not-found",
  title: "alerts.user-not-found-title",
  description: "alerts.user-not-found",
  variant: "danger",
});

/** Why a signed-in user was sent to / from a screen their roles do not open (docs/roles.md#sign-in-redirects). */
export const noAccessAlert = (): Alert => ({
  key: "no-access",
  title: "alerts.no-access-title",
  description: "alerts.no-access",
  variant: "warning",
});

/** An action the API refused for a reason the user can act on (a 409's message). */
export const refusedAlert = (description: string): Alert => ({
  key: `refused-${Date.now()}`,
  title: "alerts.refused-title",
  description,
  variant: "danger",
});
