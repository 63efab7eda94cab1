/**
 * The website connection check (002 §3, §7: POST tool/websiteConnectionCheck): what the gateway answers and the
 * public tools page shows.
 */
export type ConnectionCheckId = 'http' | 'registration' | 'dns' | 'nameservers' | 'a' | 'ssl';

export interface ConnectionCheckResult {
  id: ConnectionCheckId;
  title: string;
  ok: boolean;
  /** one line for the user */
  message: string;
  /** the facts behind it (status line, name servers, addresses, certificate fields) */
  details: string[];
  // the fields 002 §3 names for a check result, filled from the ones above
  /** the check's title */
  name: string;
  /** what passed: the message when ok */
  successes: string[];
  /** what failed: the message when not ok */
  failures: string[];
  /** the details, one a line */
  detail: string;
  /** the failure's message, null when ok */
  error: string | null;
}

export interface ConnectionCheckResponse {
  /** every check passed */
  result: boolean;
  /** input or server errors (the page lists them and hides the results) */
  error: string[];
  checkResults: ConnectionCheckResult[];
  /** what was checked */
  target: { host: string; url: string; domain: string } | null;
}
