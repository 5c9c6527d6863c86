// The two charts and their library (recharts through @mantine/charts), one
// chunk of their own that DashboardOverview loads lazily: the tiles and the
// rest of the dashboard do not wait for it.
import '@mantine/charts/styles.css';

export { ExpensesPie } from './ExpensesPie';
export { TimelineChart } from './TimelineChart';
