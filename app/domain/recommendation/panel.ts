// Who the panel is (docs/decisions/023-panel-members.md): the panel-members
// setting names them by e-mail, one per line; the panel setting turns their
// read-only view on. Pure: the settings screen's hint and the API read it.

/** The e-mails the setting names, lower-cased; commas, semicolons and blanks separate them too. */
export function panelMemberEmails(setting: string | undefined): Set<string> {
  return new Set(
    (setting ?? "")
      .split(/[\s,;]+/)
      .map((e) => e.trim().toLowerCase())
      .filter((e) => e.includes("@")),
  );
}

/** Whether a user with this e-mail sits on the panel under these settings. */
export function isPanelMember(settings: Record<string, string>, email: string | null | undefined): boolean {
  if (settings.panel !== "yes" || !email) return false;
  return panelMemberEmails(settings["panel-members"]).has(email.trim().toLowerCase());
}
