import { HANDLED_STATES } from '../api/purchases';
import { PurchasesTab } from './PurchasesTab';

/** orders/handled-plugins: rejected, accepted and declined plugin purchases, with their history. */
export default function HandledPluginsTab() {
  return <PurchasesTab states={HANDLED_STATES} open={false} />;
}
