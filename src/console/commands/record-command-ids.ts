// The record screens' own commands that the palette's record commands run once the record is open
// (target-commands.ts): the transaction's refund, the case's status and agent. The screens register them under these
// ids; this module names them for both sides, so neither imports the other.

export const RECORD_COMMAND_IDS = {
  refundTransaction: 'transaction.refund',
  changeChargebackStatus: 'chargeback.detail.change-status',
  assignChargebackAgent: 'chargeback.detail.assign-agent',
} as const;
