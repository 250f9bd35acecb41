// Bundled into the server build: translations are in memory, never read per
// request. Each area keeps its own file (locales/<lng>/<area>.json) so that
// areas can be translated independently; they are merged into one namespace,
// each file owning its own top-level keys.
import enCommon from "../../locales/en/common.json";
import enAdmin from "../../locales/en/admin.json";
import enCalls from "../../locales/en/calls.json";
import enInfrastructures from "../../locales/en/infrastructures.json";
import enPages from "../../locales/en/pages.json";
import enDocuments from "../../locales/en/documents.json";
import enMedia from "../../locales/en/media.json";
import enUsers from "../../locales/en/users.json";
import enProfile from "../../locales/en/profile.json";
import enLookups from "../../locales/en/lookups.json";
import enApplications from "../../locales/en/applications.json";
import enWizardGroup from "../../locales/en/wizard-group.json";
import enWizardLogistics from "../../locales/en/wizard-logistics.json";
import enWizardPublications from "../../locales/en/wizard-publications.json";
import enWizardReview from "../../locales/en/wizard-review.json";
import enNotifications from "../../locales/en/notifications.json";
import enAdminApplications from "../../locales/en/admin-applications.json";
import enStats from "../../locales/en/stats.json";
import enReviews from "../../locales/en/reviews.json";
import enIntake from "../../locales/en/intake.json";
import enRecommendation from "../../locales/en/recommendation.json";
import enAcceptance from "../../locales/en/acceptance.json";
import enReporting from "../../locales/en/reporting.json";
import enRiDecisions from "../../locales/en/ri-decisions.json";
import enGrantLetter from "../../locales/en/grant-letter.json";
import enAssistant from "../../locales/en/assistant.json";
import enCalendar from "../../locales/en/calendar.json";
import enAudit from "../../locales/en/audit.json";
import frCommon from "../../locales/fr/common.json";
import frAdmin from "../../locales/fr/admin.json";
import frCalls from "../../locales/fr/calls.json";
import frInfrastructures from "../../locales/fr/infrastructures.json";
import frPages from "../../locales/fr/pages.json";
import frDocuments from "../../locales/fr/documents.json";
import frMedia from "../../locales/fr/media.json";
import frUsers from "../../locales/fr/users.json";
import frProfile from "../../locales/fr/profile.json";
import frLookups from "../../locales/fr/lookups.json";
import frApplications from "../../locales/fr/applications.json";
import frWizardGroup from "../../locales/fr/wizard-group.json";
import frWizardLogistics from "../../locales/fr/wizard-logistics.json";
import frWizardPublications from "../../locales/fr/wizard-publications.json";
import frWizardReview from "../../locales/fr/wizard-review.json";
import frNotifications from "../../locales/fr/notifications.json";
import frAdminApplications from "../../locales/fr/admin-applications.json";
import frStats from "../../locales/fr/stats.json";
import frReviews from "../../locales/fr/reviews.json";
import frIntake from "../../locales/fr/intake.json";
import frRecommendation from "../../locales/fr/recommendation.json";
import frAcceptance from "../../locales/fr/acceptance.json";
import frReporting from "../../locales/fr/reporting.json";
import frRiDecisions from "../../locales/fr/ri-decisions.json";
import frGrantLetter from "../../locales/fr/grant-letter.json";
import frAssistant from "../../locales/fr/assistant.json";
import frCalendar from "../../locales/fr/calendar.json";
import frAudit from "../../locales/fr/audit.json";

type Tree = { [key: string]: string | Tree };

function merge(...parts: object[]): Tree {
  const out: Tree = {};
  for (const part of parts as Tree[]) {
    for (const [k, v] of Object.entries(part)) {
      const prior = out[k];
      out[k] = typeof v === "object" && typeof prior === "object" ? merge(prior, v) : v;
    }
  }
  return out;
}

export const resources = {
  en: { common: merge(enCommon, enAdmin, enCalls, enInfrastructures, enPages, enDocuments, enMedia, enUsers, enProfile, enLookups, enApplications, enWizardGroup, enWizardLogistics, enWizardPublications, enWizardReview, enNotifications, enAdminApplications, enStats, enReviews, enIntake, enRecommendation, enAcceptance, enRiDecisions, enGrantLetter, enReporting, enAssistant, enCalendar, enAudit) },
  fr: { common: merge(frCommon, frAdmin, frCalls, frInfrastructures, frPages, frDocuments, frMedia, frUsers, frProfile, frLookups, frApplications, frWizardGroup, frWizardLogistics, frWizardPublications, frWizardReview, frNotifications, frAdminApplications, frStats, frReviews, frIntake, frRecommendation, frAcceptance, frRiDecisions, frGrantLetter, frReporting, frAssistant, frCalendar, frAudit) },
};
