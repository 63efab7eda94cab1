/** The logged-in registrar and the transaction ids of the command being answered. */
export interface CommandSession {
  clId: string;
  clTRID?: string;
  svTRID: string;
}
