import { OrderList } from './OrderList';

/** Backoffice orders, general tab: the open season-card orders of every company in reach. */
export default function GeneralOrdersTab() {
  return <OrderList scope={{ kind: 'backoffice' }} handled={false} />;
}
