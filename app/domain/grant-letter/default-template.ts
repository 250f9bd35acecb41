// The grant-letter-template setting's default (and what a cleared setting
// falls back to): a plain letter with the placeholders of ADR 024 (all but
// {{grant_agreement}}, whose setting is empty by default). No imports:
// the settings schema, which the browser runs, reads it.
export const DEFAULT_GRANT_LETTER_TEMPLATE = `{{logo}}

{{project_name}}
{{date}}

{{applicant}}
{{organization}}

# Grant of transnational access: {{acronym}}

Dear {{applicant}},

We are pleased to inform you that your application "{{title}}" ({{acronym}}) to the call "{{call}}" was granted on {{grant_date}}.

The following research infrastructures will host your access:
{{#infrastructures}}
- {{infrastructure}}: {{units}} units for {{participants}} participants, budget {{budget}}, from {{access_from}} to {{access_to}}
{{/infrastructures}}

Total budget: {{total_budget}}

Please accept the grant in the portal by {{acceptance_date}}, and upload the signed acceptance agreement.

Yours sincerely,

The {{project_name}} team
`;
