import { OPEN_STATES } from '../api/purchases';
import { PurchasesTab } from './PurchasesTab';

/** orders/plugin-service: plugin purchases awaiting the admin (PENDING) or the employee (REQUESTED). */
export default function PluginServiceTab() {
  return <PurchasesTab states={OPEN_STATES} open />;
}
