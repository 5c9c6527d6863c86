import { OrderList } from './OrderList';

/** Backoffice orders, handled tab: confirmed and cancelled season-card orders. */
export default function HandledOrdersTab() {
  return <OrderList scope={{ kind: 'backoffice' }} handled />;
}
