/** Above the list: the banner counts, the tip line and the card prompt (filled in by the banner work). */
export function DomainListExtras() {
  return null;
}
