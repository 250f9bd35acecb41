import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { useNavigation, useRevalidator } from "@remix-run/react";
import { statusLine } from "~/styles/layout.css";
import { ErrorScreen } from "./ErrorScreen";
import * as u from "~/styles/utility.css";

export const SESSION_CHECK_MS = 5_000;

type Online = "unknown" | "online" | "offline";

/** HEAD /api/health at start and on every online/offline event (docs/ui.md#online-check). */
function useOnline(): Online {
  const [state, setState] = useState<Online>("unknown");
  useEffect(() => {
    let cancelled = false;
    const check = () => {
      setState("unknown");
      fetch("/api/health", { method: "HEAD", cache: "no-store" })
        .then((r) => !cancelled && setState(r.ok ? "online" : "offline"))
        .catch(() => !cancelled && setState("offline"));
    };
    check();
    window.addEventListener("online", check);
    window.addEventListener("offline", check);
    return () => {
      cancelled = true;
      window.removeEventListener("online", check);
      window.removeEventListener("offline", check);
    };
  }, []);
  return state;
}

/**
 * With JavaScript: the session check every 5 s (a signed-in page whose session
 * ended reloads its data, which shows the session alert), the online check and
 * the 'Loading...' indicator. Without JavaScript the server covers all three.
 */
export function ClientStatus({ signedIn }: { signedIn: boolean }) {
  const { t } = useTranslation();
  const navigation = useNavigation();
  const revalidator = useRevalidator();
  const online = useOnline();
  const [checkingAuth, setCheckingAuth] = useState(signedIn);
  // The server renders no message: without JavaScript nothing would ever clear it.
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);

  useEffect(() => {
    if (!signedIn) return;
    let cancelled = false;
    const check = async () => {
      if (document.visibilityState !== "visible") return;
      try {
        const res = await fetch("/auth/status", { cache: "no-store" });
        const body = (await res.json()) as { authenticated: boolean };
        if (!cancelled && !body.authenticated) revalidator.revalidate();
      } catch {
        /* the online check reports network failures */
      } finally {
        if (!cancelled) setCheckingAuth(false);
      }
    };
    void check();
    const id = setInterval(check, SESSION_CHECK_MS);
    return () => {
      cancelled = true;
      clearInterval(id);
    };
  }, [signedIn]);

  if (online === "offline") {
    return (
      <div role="alert" className={u.overlay}>
        <ErrorScreen kind="service-unavailable" />
      </div>
    );
  }
  const message = !hydrated
    ? ""
    : online === "unknown"
      ? t("status.check-online")
      : checkingAuth
        ? t("status.check-auth")
        : navigation.state !== "idle"
          ? t("status.loading")
          : "";
  return (
    <p className={statusLine} role="status" aria-live="polite" data-testid="client-status">
      {message}
    </p>
  );
}
