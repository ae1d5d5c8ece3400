// One chunk for both dialogs, loaded when a guest first opens either: they share their parts
// (GuestClaimDialog), which as a chunk of their own would cost every page's first download an entry.
export { PledgeDialog } from './PledgeDialog';
export { PurchaseDialog } from './PurchaseDialog';
