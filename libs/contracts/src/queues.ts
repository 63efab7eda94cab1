/**
 * BullMQ queue and job names. Every job name has exactly one handler; a process refuses to start otherwise.
 */
export enum QueueName {
  Availability = 'availability',
  Orders = 'orders',
  DomainOps = 'domain-ops',
  Mail = 'mail',
  Imports = 'imports',
  Schedules = 'schedules',
}

export enum JobName {
  CheckAvailability = 'check-availability',
  ImportMasterData = 'import-master-data',
  /** orders: asks the payment providers about sessions still waiting (a lost webhook, a browser that never came back) */
  ReconcilePayments = 'reconcile-payments',
}
