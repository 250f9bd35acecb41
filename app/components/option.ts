/** One choice of a select or a group of checkboxes: what the reader sees, and the value the form sends. */
export interface Option {
  label: string;
  value: string;
}
